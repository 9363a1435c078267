import { effectiveRoles } from '@domain-broker/shared/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { errorText } from '#portal/lib/api.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSession } from '#portal/lib/session.ts';
import { getLead } from './api/broker.ts';
import { CloseActions } from './components/close-actions.tsx';
import { AlternatesCard, MarketAnalysisCard, TimelineCard } from './components/lead-forms.tsx';
import {
  AgreementCard,
  BuyerCard,
  CloseCard,
  HistoryCard,
  ReassignCard,
  SurveyCard,
} from './components/lead-sections.tsx';
import { StaffOnly } from './components/staff-only.tsx';
import { label, STAFF_LEAD_STATUS_LABELS } from './messages.ts';
import { isAdmin, isStaff } from './rules.ts';
import { leadKey } from './use-write.ts';
import styles from './workspace.module.css';

/** The lead's id: the last segment of /dashboard/leads/:leadId. */
export function leadIdOf(path: string): string {
  const last = path.split('?')[0]!.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * One lead as its broker works it (docs/product.md "Staff workspace"): the buyer and their contact preference, the survey, the
 * agreement dates, the market analysis, the alternates, the timeline with its add-entry form, the close
 * actions and the status history; for an admin, reassignment.
 */
function LeadPage() {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const id = leadIdOf(location);
  const roles = effectiveRoles(useSession((s) => s.profile)?.roles);
  const staff = isStaff(roles);
  const lead = useQuery({
    queryKey: leadKey(id),
    queryFn: () => getLead(id),
    enabled: staff && id !== '',
    staleTime: 0,
  });

  const back = (
    <Link href="/dashboard?tab=leads" className={`${styles.secondary} ${styles.back}`}>
      <Trans>Back to Leads</Trans>
    </Link>
  );

  if (!staff) {
    return <StaffOnly />;
  }
  if (lead.isPending) {
    return (
      <section className={styles.page}>
        {back}
        <p role="status" className={styles.center}>
          <Trans>Loading…</Trans>
        </p>
      </section>
    );
  }
  if (lead.isError) {
    return (
      <section className={styles.page}>
        {back}
        <div role="alert" className={styles.center}>
          <p>{errorText(lead.error)}</p>
          <button type="button" className={styles.button} onClick={() => void lead.refetch()}>
            <Trans>Try Again</Trans>
          </button>
        </div>
      </section>
    );
  }
  const data = lead.data;
  return (
    <section className={styles.page}>
      {back}
      <div className={styles.header}>
        <h1>{data.domainName}</h1>
        <span className={styles.status} data-status={data.status}>
          {label(i18n, STAFF_LEAD_STATUS_LABELS, data.status)}
        </span>
        {data.overdue ? (
          <span className={styles.overdue}>
            <Trans>Overdue</Trans>
          </span>
        ) : null}
      </div>
      <div className={styles.grid}>
        <BuyerCard lead={data} />
        <SurveyCard lead={data} />
        <AgreementCard lead={data} />
        {isAdmin(roles) ? <ReassignCard lead={data} /> : null}
        <CloseCard lead={data} />
        <MarketAnalysisCard lead={data} />
        <AlternatesCard lead={data} />
      </div>
      <TimelineCard lead={data} />
      {data.status === 'new' ? <CloseActions lead={data} /> : null}
      <HistoryCard lead={data} />
    </section>
  );
}

export default withQueryClient(LeadPage);
