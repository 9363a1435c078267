import { agreementTerm } from '@domain-broker/shared/agreement';
import { effectiveRoles } from '@domain-broker/shared/roles';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { useSearch } from 'wouter/use-browser-location';
import { Spinner } from '#portal/app/page-state.tsx';
import { EbookCard } from '#portal/components/ebook-card.tsx';
import { RefundButton } from '#portal/components/refund-button.tsx';
import { startBuyFlow } from '#portal/lib/buy-flow.ts';
import { usePublicConfig } from '#portal/lib/config.ts';
import { currentLead, isRefundable, useMyLeads } from '#portal/lib/leads.ts';
import { hasPaidLead } from '#portal/lib/paid-features.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSession } from '#portal/lib/session.ts';
import {
  dashboardKind,
  filterLeads,
  isLocked,
  isOpenPaid,
  type LeadFilter,
  type StatusView,
  statusView,
} from '../utils/rules.ts';
import { AlternatesPanel, AlternatesTeaser } from './alternates-panel.tsx';
import { BrokerWork } from './broker-work.tsx';
import styles from './dashboard.module.css';

/** /dashboard: the screen depends on the account (docs/product.md "Dashboard"; decisions A11, A23, A24). */
function DashboardPage() {
  const profile = useSession((s) => s.profile);
  const kind = dashboardKind(effectiveRoles(profile?.roles), profile?.userInterested);
  if (kind === 'investor') return <NoDashboard kind="investor" />;
  return <BuyerDashboard sellerOnly={kind === 'seller'} />;
}

/**
 * An account with no dashboard here (decision A23): an investor, who may not buy (the spec's refusal,
 * A24), and a seller-only account that follows no domain. Each gets the links to what it can do.
 */
function NoDashboard({ kind }: { kind: 'investor' | 'seller' }) {
  const { marketplaceLoginUrl } = usePublicConfig();
  return (
    <section className={styles.page}>
      <h1>
        <Trans>No dashboard for this account</Trans>
      </h1>
      {kind === 'investor' ? (
        <p role="alert">
          <Trans>not allowed, please contact admin</Trans>
        </p>
      ) : (
        <p>
          <Trans>This dashboard follows the domains you buy through a broker. As a seller you can:</Trans>
        </p>
      )}
      <ul className={styles.links}>
        {kind === 'investor' ? (
          <li>
            <Link href="/contact-us">
              <Trans>Contact Us</Trans>
            </Link>
          </li>
        ) : null}
        {kind === 'seller' && marketplaceLoginUrl ? (
          <li>
            <a href={marketplaceLoginUrl} rel="noopener">
              <Trans>Login as a Seller</Trans>
            </a>
          </li>
        ) : null}
        <li>
          <Link href="/sell-domain">
            <Trans>Sell Your Domains</Trans>
          </Link>
        </li>
        <li>
          <Link href="/appraisal">
            <Trans>Appraise a Domain</Trans>
          </Link>
        </li>
        <li>
          <Link href="/profile">
            <Trans>Your Profile</Trans>
          </Link>
        </li>
        <li>
          <Link href="/change-password">
            <Trans>Change Password</Trans>
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** The buyer dashboard; a seller-only account that follows no domain gets the seller's links instead. */
function BuyerDashboard({ sellerOnly }: { sellerOnly: boolean }) {
  const { data, isPending, isError, refetch } = useMyLeads();
  const { t } = useLingui();
  if (isPending && !data) {
    return (
      <section className={styles.page} role="status" aria-label={t`Loading`}>
        <Spinner />
      </section>
    );
  }
  if (isError || !data) {
    return (
      <section className={styles.page}>
        <p role="alert">
          <Trans>Your domains could not be loaded.</Trans>
        </p>
        <button type="button" className={styles.button} onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </button>
      </section>
    );
  }
  const current = currentLead(data);
  if (!current) return sellerOnly ? <NoDashboard kind="seller" /> : <EmptyState />;
  if (isLocked(current)) return <LockedState lead={current} />;
  return <LeadList leads={data} />;
}

/** A domain the buy flow sent here to add as an alternate (`/dashboard?alternate=`, decision A12). */
function alternateFrom(search: string): string | undefined {
  const domain = new URLSearchParams(search).get('alternate')?.trim();
  return domain ? domain.slice(0, 253) : undefined;
}

/**
 * The paid features under the buyer's domains (decision A11): the alternates panel of the open paid
 * lead, or, for a buyer who has not paid, what it offers and the upgrade popup; the e-book for all.
 */
function PaidFeatures({ leads }: { leads: readonly Lead[] }) {
  const prefill = alternateFrom(useSearch());
  const current = currentLead(leads);
  return (
    <>
      {current && isOpenPaid(current) ? (
        // a new domain from the buy flow starts the panel afresh with it
        <AlternatesPanel key={`${current.UID}:${prefill ?? ''}`} lead={current} prefill={prefill} />
      ) : hasPaidLead(leads) ? null : (
        <AlternatesTeaser />
      )}
      <EbookCard className={styles.card} headingClassName={styles.heading} />
    </>
  );
}

function EmptyState() {
  return (
    <section className={styles.page}>
      <h1>
        <Trans>Dashboard</Trans>
      </h1>
      <p>
        <Trans>You are not following any domain yet. Tell us the domain you want and your budget.</Trans>
      </p>
      <button type="button" className={styles.button} onClick={() => startBuyFlow()}>
        <Trans>Hire a Broker</Trans>
      </button>
      <PaidFeatures leads={[]} />
    </section>
  );
}

function CardIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 16" width="20" height="14" aria-hidden="true">
      <rect x="1" y="1" width="22" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect x="1" y="4" width="22" height="3" fill="currentColor" />
    </svg>
  );
}

/** A lead's status as its buyer reads it (a sold lead is 'Completed'; staff read STAFF_LEAD_STATUS_LABELS). */
const BUYER_LEAD_STATUS_LABELS: Record<StatusView, MessageDescriptor> = {
  pending: msg`Pending`,
  progress: msg`In Progress`,
  sold: msg`Completed`,
  refunded: msg`Refunded`,
  canceled: msg`Canceled`,
};

export function LeadStatus({ status }: { status: string }) {
  const { i18n } = useLingui();
  const view = statusView(status);
  return (
    <span className={`${styles.status} ${styles[view] ?? ''}`} data-status={view}>
      {view === 'pending' ? <CardIcon /> : null}
      {i18n._(BUYER_LEAD_STATUS_LABELS[view])}
    </span>
  );
}

function LockedState({ lead }: { lead: Lead }) {
  return (
    <section className={styles.page}>
      <h1>
        <Trans>Dashboard</Trans>
      </h1>
      <div className={styles.card} data-locked>
        <p className={styles.domain}>{lead.domainName}</p>
        <LeadStatus status={lead.status} />
        <p>
          <Trans>Budget:</Trans> <span data-masked>**** USD</span>
        </p>
        <p>
          <Trans>Your broker starts once the checkout is complete.</Trans>
        </p>
        <Link href="/hire-consultant" className={styles.button}>
          <Trans>Complete Checkout</Trans>
        </Link>
      </div>
      <PaidFeatures leads={[lead]} />
    </section>
  );
}

const FILTERS: { key: LeadFilter; label: MessageDescriptor }[] = [
  { key: 'all', label: msg`All` },
  { key: 'progress', label: msg`In Progress` },
  { key: 'sold', label: msg`Completed` },
];

function LeadList({ leads }: { leads: Lead[] }) {
  const { i18n } = useLingui();
  const [filter, setFilter] = useState<LeadFilter>('all');
  const shown = filterLeads(leads, filter);
  const date = (d: Date) => i18n.date(d, { dateStyle: 'long' });
  return (
    <section className={styles.page}>
      <h1>
        <Trans>Dashboard</Trans>
      </h1>
      <fieldset className={styles.filters} aria-label={i18n._(msg`Filter your domains`)}>
        {FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            className={styles.filter}
            aria-pressed={filter === f.key}
            onClick={() => setFilter(f.key)}
          >
            {i18n._(f.label)}
          </button>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p>
          <Trans>No Record found</Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {shown.map((lead) => {
            // the agreement's dates come from the one agreement module (decision B2)
            const agreement =
              statusView(lead.status) === 'progress'
                ? agreementTerm({ paidAt: lead.paidAt, soldAt: lead.soldDate })
                : null;
            return (
              <li key={lead.UID} className={styles.card}>
                {/* each domain heads its card: the broker's work under it is its h3 sections */}
                <h2 className={styles.domain}>{lead.domainName}</h2>
                <LeadStatus status={lead.status} />
                {agreement ? (
                  <>
                    <dl className={styles.dates}>
                      <dt>
                        <Trans>Agreement start</Trans>
                      </dt>
                      <dd>{date(agreement.start)}</dd>
                      <dt>
                        <Trans>Initial term ends</Trans>
                      </dt>
                      <dd>{date(agreement.termEnd)}</dd>
                      <dt>
                        <Trans>Then</Trans>
                      </dt>
                      <dd>
                        <Trans>holdover, for as long as you want our service</Trans>
                      </dd>
                    </dl>
                    <Link href="/agent-details-questions">
                      <Trans>Your Broker</Trans>
                    </Link>
                  </>
                ) : null}
                {statusView(lead.status) !== 'pending' ? <BrokerWork lead={lead} /> : null}
                {/* the refund in error while it applies (decision A31) */}
                {isRefundable(lead) ? <RefundButton lead={lead} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      <PaidFeatures leads={leads} />
    </section>
  );
}

/** Its writes (the alternates, the broker's work) go through the one write hook (`lib/write.ts`). */
export default withQueryClient(DashboardPage);
