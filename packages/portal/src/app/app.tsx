import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { loadBlockedCountry, loadRobot } from '../features/content/routes.ts';
import { SupportContactProvider } from '../features/content/support.ts';
import { registerBuyFlow } from '../lib/buy-flow.ts';
import { usePublicConfig } from '../lib/config.ts';
import { i18n, withCatalog } from '../lib/i18n.ts';
import { logout } from '../lib/logout.ts';
import { dismissErrors, useToasterWanted } from '../lib/notify.ts';
import { useOverlays } from '../lib/overlays.ts';
import { useSession } from '../lib/session.ts';
import { readString, STORAGE_KEYS } from '../lib/storage.ts';
// after each sign-in: the profile window for a buyer without a phone whose lead prefers one (decision A30)
import { AppRoutes, lazyPage, usePagePath } from './app-routes.tsx';
import { Header } from './header.tsx';
import styles from './layout.module.css';
import { PageLoader, ScrollTopButton, ScrollToTopOnNavigate } from './page-state.tsx';
import { findRoute } from './route-table.ts';

// the overlays' strings live in the account catalog, loaded with them
const OverlayHost = lazy(() => withCatalog(import('./overlay-host.tsx'), 'account'));
const Toaster = lazy(() => import('../components/toaster.tsx'));

// decision A30: after each sign-in, the profile window for a buyer whose open lead wants a phone
useSession.subscribe((state, previous) => {
  if (state.token !== null && previous.token === null)
    void import('../lib/phone-prompt.ts').then((m) => m.askForPhoneIfLeadNeedsIt());
});
// the main area fills the first screen, so the footer is never part of the first paint
const Footer = lazy(() => import('./footer.tsx').then((m) => ({ default: m.Footer })));

// the buy flow (entry points, the action a guest started before signing in, where a sign-in goes) is
// the buy feature's, loaded when first needed
const buyReplay = () => import('../features/buy/replay.ts');
registerBuyFlow({
  replay: (action) => buyReplay().then((m) => m.replay(action)),
  destination: () => buyReplay().then((m) => m.destination()),
});

/** Mounted once the first toast is asked for (see lib/notify.ts). */
function Toasts() {
  const wanted = useToasterWanted((s) => s.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** A new page starts without the previous page's error toasts (src/lib/notify.ts). */
function DismissErrorsOnNavigate() {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    dismissErrors();
  }, [location]);
  return null;
}

function Takeover({ kind }: { kind: 'blockedCountry' | 'robot' }) {
  const Page = lazyPage(kind === 'robot' ? loadRobot : loadBlockedCountry, 'content');
  return (
    <main id="main">
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </main>
  );
}

function Shell() {
  const { t } = useLingui();
  const path = usePagePath();
  const route = findRoute(path);
  const takeover = useOverlays((s) => s.takeover);
  const anyOverlay = useOverlays((s) => Object.keys(s.open).some((k) => k !== 'pageLoader'));

  if (takeover) return <Takeover kind={takeover} />;
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <ScrollToTopOnNavigate />
      <DismissErrorsOnNavigate />
      {!route?.hideHeader && <Header />}
      <AppRoutes />
      {!route?.hideFooter && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      <ScrollTopButton />
      <PageLoader />
      {anyOverlay && (
        <Suspense fallback={null}>
          <OverlayHost />
        </Suspense>
      )}
    </div>
  );
}

/** 60 minutes without activity, in any tab, logs out and reloads (docs/product.md "Session and logout"). */
function useInactivityLogout() {
  const signedIn = useSession((s) => s.token !== null);
  useEffect(() => {
    if (!signedIn) return;
    // only a session needs the watch: a visitor's first load does not carry it
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../lib/inactivity.ts').then(({ watchInactivity }) => {
      if (cancelled) return;
      stop = watchInactivity({
        hasSession: () => useSession.getState().token !== null,
        onIdle: () => {
          void logout({ to: '/' }).finally(() => window.location.reload());
        },
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn]);
}

/** Another tab signed in or out: follow it. */
function useSessionAcrossTabs() {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== STORAGE_KEYS.token && e.key !== null) return;
      const token = readString(STORAGE_KEYS.token);
      if (token !== useSession.getState().token) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/** The static pages show the support phone and email of GET /api/config (their defaults until then). */
function SupportFromConfig({ children }: { children: React.ReactNode }) {
  const { supportPhone, supportEmail } = usePublicConfig();
  return (
    <SupportContactProvider value={{ phone: supportPhone, email: supportEmail }}>
      {children}
    </SupportContactProvider>
  );
}

export function App() {
  useInactivityLogout();
  useSessionAcrossTabs();
  return (
    <I18nProvider i18n={i18n}>
      <SupportFromConfig>
        <Shell />
      </SupportFromConfig>
      <Toasts />
    </I18nProvider>
  );
}
