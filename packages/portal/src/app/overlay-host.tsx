import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { Dialog } from '../components/dialog.tsx';
import { legalTextLoaders } from '../features/content/routes.ts';
import { withCatalog } from '../lib/i18n.ts';
import { closeOverlay, type OverlayName, useOverlays } from '../lib/overlays.ts';
import { loadPhoneLibrary } from '../lib/phone.ts';
import { queryClient } from '../lib/query.tsx';
import styles from './popups.module.css';
import { AlertWindow, CreateFreeAccountWindow, MaintenanceWindow } from './popups.tsx';

const authWindows = () => import('../features/auth/components/windows.tsx');
const LoginWindow = lazy(() => authWindows().then((m) => ({ default: m.LoginWindow })));
const SignupWindow = lazy(() => authWindows().then((m) => ({ default: m.SignupWindow })));
const VerificationWindow = lazy(() => authWindows().then((m) => ({ default: m.VerificationWindow })));
const ProfileUpdateWindow = lazy(() =>
  Promise.all([import('../features/profile/components/profile-window.tsx'), loadPhoneLibrary()]).then(
    ([m]) => ({
      default: m.ProfileUpdateWindow,
    }),
  ),
);

/** The upgrade popup (decision A11) loads the first time a paid feature opens it. */
const UpgradeWindow = lazy(() => import('./upgrade-window.tsx'));

/** The buy flow's windows and their strings (the buy catalog) load when one opens. */
const LowBudgetWindow = lazy(() =>
  withCatalog(import('../features/buy/components/low-budget-window.tsx'), 'buy'),
);
const BuyWindow = lazy(() => withCatalog(import('../features/buy/components/buy-window.tsx'), 'buy'));

/** The legal texts are the content feature's components, loaded (with their catalog) when opened. */
type LegalOverlay = keyof typeof legalTextLoaders;
const LEGAL_TITLES: Record<LegalOverlay, MessageDescriptor> = {
  buyerTerms: msg`Terms and Conditions`,
  buyerPrivacy: msg`Privacy Policy`,
  sellerTerms: msg`Seller Terms and Conditions`,
  sellerPrivacy: msg`Seller Privacy Policy`,
};
const legalComponents = new Map<LegalOverlay, ComponentType>();
function legalComponent(name: LegalOverlay): ComponentType {
  let component = legalComponents.get(name);
  if (!component) {
    component = lazy(() => withCatalog<{ default: ComponentType }>(legalTextLoaders[name](), 'content'));
    legalComponents.set(name, component);
  }
  return component;
}

function LegalWindow({ name }: { name: LegalOverlay }) {
  const { i18n } = useLingui();
  const Text = legalComponent(name);
  return (
    <Dialog title={i18n._(LEGAL_TITLES[name])} onClose={() => closeOverlay(name)} wide>
      <div className={styles.legal}>
        <Suspense fallback={<PageLoaderInline />}>
          <Text />
        </Suspense>
      </div>
    </Dialog>
  );
}

function PageLoaderInline() {
  const { t } = useLingui();
  return <p role="status">{t`Loading`}</p>;
}

const SIMPLE: Partial<Record<OverlayName, ComponentType>> = {
  login: LoginWindow,
  signup: SignupWindow,
  verification: VerificationWindow,
  googleProfile: ProfileUpdateWindow,
  upgrade: UpgradeWindow,
  createFreeAccount: CreateFreeAccountWindow,
  alert: AlertWindow,
  maintenance: MaintenanceWindow,
  lowBudget: LowBudgetWindow,
  buyForm: BuyWindow,
};

/** Draws every open overlay of the store. Loaded the first time one opens. */
export default function OverlayHost() {
  const open = useOverlays((s) => s.open);
  const names = Object.keys(open) as OverlayName[];
  return (
    <QueryClientProvider client={queryClient}>
      {names.map((name) => {
        if (name in LEGAL_TITLES) return <LegalWindow key={name} name={name as LegalOverlay} />;
        const Window = SIMPLE[name];
        return Window ? (
          <Suspense key={name} fallback={null}>
            <Window />
          </Suspense>
        ) : null;
      })}
    </QueryClientProvider>
  );
}
