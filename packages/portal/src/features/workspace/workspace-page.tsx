import { effectiveRoles } from '@domain-broker/shared/roles';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentType, lazy, Suspense, useId, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSession } from '#portal/lib/session.ts';
import { LeadsTab } from './components/leads-tab.tsx';
import { StaffOnly } from './components/staff-only.tsx';
import { currentTab, isStaff, visibleTabs, type WorkspaceTab } from './rules.ts';
import styles from './workspace.module.css';

const TAB_LABELS: Record<WorkspaceTab, MessageDescriptor> = {
  users: msg`Users`,
  'manual-appraisals': msg`Manual Appraisals`,
  'estibot-category': msg`Estibot Category`,
  'promo-code': msg`Promo Code`,
  'registrar-dashboard': msg`Registrar Dashboard`,
  reconciliation: msg`Reconciliation`,
  'sell-domains': msg`Sell Domains`,
  jobs: msg`Jobs`,
  leads: msg`Leads`,
};

/** The admin tabs download when they are first opened: the page itself stays the Leads tab's size. */
const ManualAppraisalsTab = lazy(() =>
  import('./components/manual-appraisals-tab.tsx').then((m) => ({ default: m.ManualAppraisalsTab })),
);
const EstibotCategoryTab = lazy(() =>
  import('./components/estibot-category-tab.tsx').then((m) => ({ default: m.EstibotCategoryTab })),
);
const UsersTab = lazy(() => import('./components/users-tab.tsx').then((m) => ({ default: m.UsersTab })));
const PromoCodeTab = lazy(() =>
  import('./components/promo-code-tab.tsx').then((m) => ({ default: m.PromoCodeTab })),
);
const RegistrarDashboardTab = lazy(() =>
  import('./components/registrar-dashboard-tab.tsx').then((m) => ({ default: m.RegistrarDashboardTab })),
);

const ReconciliationTab = lazy(() =>
  import('./components/reconciliation-tab.tsx').then((m) => ({ default: m.ReconciliationTab })),
);
const SellDomainsTab = lazy(() =>
  import('./components/sell-domains-tab.tsx').then((m) => ({ default: m.SellDomainsTab })),
);
const JobsTab = lazy(() => import('./components/jobs-tab.tsx').then((m) => ({ default: m.JobsTab })));

/** Each tab's screen. */
const TAB_PANELS: Record<WorkspaceTab, ComponentType> = {
  users: UsersTab,
  'manual-appraisals': ManualAppraisalsTab,
  'estibot-category': EstibotCategoryTab,
  'promo-code': PromoCodeTab,
  'registrar-dashboard': RegistrarDashboardTab,
  reconciliation: ReconciliationTab,
  'sell-domains': SellDomainsTab,
  jobs: JobsTab,
  leads: LeadsTab,
};

/**
 * /dashboard for admins and consultants (docs/product.md "Staff workspace"; decision B8): the tabs, with
 * the open one in the address (?tab=leads) so a reload or a shared link keeps it.
 */
function WorkspacePage() {
  const { i18n } = useLingui();
  const profile = useSession((s) => s.profile);
  const roles = effectiveRoles(profile?.roles);
  const privileges = profile?.userDetail;
  const [params, setParams] = useSearchParams();
  const tabs = visibleTabs(roles, privileges);
  const tab = currentTab(params.get('tab'), roles, privileges);
  const baseId = useId();
  const tabRefs = useRef(new Map<WorkspaceTab, HTMLButtonElement>());

  if (!isStaff(roles)) {
    return <StaffOnly />;
  }

  const TabScreen = TAB_PANELS[tab];
  const open = (next: WorkspaceTab) => {
    if (next !== tab) setParams({ tab: next });
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const at = tabs.indexOf(tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    let target: WorkspaceTab | undefined;
    if (step) target = tabs[(at + step + tabs.length) % tabs.length];
    else if (event.key === 'Home') target = tabs[0];
    else if (event.key === 'End') target = tabs[tabs.length - 1];
    if (!target) return;
    event.preventDefault();
    open(target);
    tabRefs.current.get(target)?.focus();
  };

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Workspace</Trans>
      </h1>
      <div role="tablist" aria-label={i18n._(msg`Workspace`)} className={styles.tabs} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t}
            ref={(node) => {
              if (node) tabRefs.current.set(t, node);
              else tabRefs.current.delete(t);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t}`}
            aria-selected={t === tab}
            aria-controls={`${baseId}-panel-${t}`}
            tabIndex={t === tab ? 0 : -1}
            className={styles.tab}
            onClick={() => open(t)}
          >
            {i18n._(TAB_LABELS[t])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
        <Suspense
          fallback={
            <p role="status" className={styles.muted}>
              <Trans>Loading…</Trans>
            </p>
          }
        >
          <TabScreen />
        </Suspense>
      </div>
    </section>
  );
}

export default withQueryClient(WorkspacePage);
