import { centsToUsd, formatUsd, INITIAL_FEE_CENTS, usdToCents } from '@domain-broker/shared/pricing';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { EbookCard } from '#portal/components/ebook-card.tsx';
import { formStyles } from '#portal/components/form.tsx';
import { RefundButton } from '#portal/components/refund-button.tsx';
import { startBuyFlow } from '#portal/lib/buy-flow.ts';
import { currentLead, isRefundable, useMyLeads } from '#portal/lib/leads.ts';
import { SESSION_KEYS } from '#portal/lib/storage.ts';
import styles from './after-purchase.module.css';
import { AgentCard } from './agent-card.tsx';
import { leadsState } from './leads-state.tsx';
import { AfterPurchasePage } from './page-frame.tsx';
import { SurveyForm } from './survey-form.tsx';

/** The card the lead was just paid with, when this tab paid it (the lead itself carries no digits). */
function paidCardOf(leadUID: string): { brand: string; last4: string } | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEYS.paidCard);
    const card = raw ? (JSON.parse(raw) as { leadUID?: string; brand?: string; last4?: string }) : null;
    return card?.leadUID === leadUID && card.last4 ? { brand: card.brand ?? '', last4: card.last4 } : null;
  } catch {
    return null;
  }
}

/** The succeeded payment of the lead: what was paid and when. */
function PaymentConfirmation({ lead }: { lead: Lead }) {
  const { i18n } = useLingui();
  const payment = lead.payments.find((p) => p.status === 'succeeded') ?? lead.payments[0];
  const cents = payment ? (usdToCents(payment.amountPaid) ?? INITIAL_FEE_CENTS) : INITIAL_FEE_CENTS;
  const amount = formatUsd(cents);
  const paidAt = lead.paidAt ?? payment?.createdAt ?? null;
  const date = paidAt
    ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(paidAt))
    : '';
  const card = paidCardOf(lead.UID);
  const last4 = card?.last4 ?? '';
  const byPromo = payment !== undefined && centsToUsd(cents) === 0;
  return (
    <section className={styles.card} aria-labelledby="paid-title">
      <h2 id="paid-title" className={styles.heading}>
        <Trans>Payment received</Trans>
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>
            <Trans>Domain</Trans>
          </dt>
          <dd>{lead.domainName}</dd>
        </div>
        <div>
          <dt>
            <Trans>Paid</Trans>
          </dt>
          <dd data-paid-amount>
            {byPromo ? <Trans>Promo code (100% discounted)</Trans> : <Trans>{amount} USD</Trans>}
          </dd>
        </div>
        {date && (
          <div>
            <dt>
              <Trans>Date</Trans>
            </dt>
            <dd>{date}</dd>
          </div>
        )}
        {last4 && (
          <div>
            <dt>
              <Trans>Card</Trans>
            </dt>
            <dd data-paid-card>
              <Trans>ending in {last4}</Trans>
            </dd>
          </div>
        )}
      </dl>
      <h3 className={styles.subheading}>
        <Trans>What happens next</Trans>
      </h3>
      <ol className={styles.steps}>
        <li>
          <Trans>Your broker studies {lead.domainName} and its owner.</Trans>
        </li>
        <li>
          <Trans>Within one to two business days your broker contacts you with a plan.</Trans>
        </li>
        <li>
          <Trans>Your broker negotiates with the owner and keeps you informed.</Trans>
        </li>
      </ol>
    </section>
  );
}

/** Re-renders when the refund deadline passes, so the button disappears on time. */
function useNow(until: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    if (!(left > 0) || left > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return now;
}

/**
 * /agent-details-questions (private): the page after payment: the confirmation, the broker (contact
 * details after the broker terms), the refund of a purchase made in error, the questions (the same
 * component as /survey, decision A28) and the e-book.
 */
function AgentPage() {
  const leads = useMyLeads();
  const lead = currentLead(leads.data);
  const now = useNow(lead?.refundableUntil ?? null);

  let body = leadsState(leads, <Trans>Your broker's details could not be loaded.</Trans>);
  if (body) {
    // loading, or the leads could not be read
  } else if (!lead) {
    body = (
      <div className={styles.state}>
        <p role="status">
          <Trans>You dont have a domain name to checkout</Trans>
        </p>
        <button type="button" className={formStyles.primary} onClick={() => startBuyFlow()}>
          <Trans>Buy a Domain</Trans>
        </button>
      </div>
    );
  } else if (lead.status === 'pending') {
    body = (
      <div className={styles.state}>
        <p role="status">
          <Trans>Your payment for {lead.domainName} is not complete yet.</Trans>
        </p>
        <Link href="/hire-consultant" className={formStyles.primary}>
          <Trans>Complete Checkout</Trans>
        </Link>
      </div>
    );
  } else if (lead.status === 'refunded') {
    body = (
      <section className={styles.card} aria-labelledby="refunded-title" data-lead-refunded>
        <h2 id="refunded-title" className={styles.heading}>
          <Trans>Your payment is refunded</Trans>
        </h2>
        <p>
          <Trans>
            The fee for {lead.domainName} goes back to your card; banks take up to ten business days to show
            it. Your broker no longer works on this domain.
          </Trans>
        </p>
      </section>
    );
  } else {
    body = (
      <>
        <PaymentConfirmation lead={lead} />
        <AgentCard lead={lead} />
        {isRefundable(lead, now) && <RefundButton lead={lead} />}
        <SurveyForm lead={lead} />
        <EbookCard className={`${styles.card} ${styles.done}`} headingClassName={styles.heading} />
      </>
    );
  }

  return (
    <AfterPurchasePage id="agent-title" title={<Trans>Meet your broker</Trans>}>
      {body}
    </AfterPurchasePage>
  );
}

export default AgentPage;
