import {
  BUYER_TERM_DAYS,
  COMMISSION_TAIL_MONTHS,
  MAX_DOMAINS_PER_CONSULTATION,
  REFUND_IN_ERROR_DAYS,
} from '@domain-broker/shared/constants';
import {
  buyerCommission,
  type Channel,
  formatUsd,
  offerAmountToCents,
  PRICE_TEXT,
} from '@domain-broker/shared/pricing';
import { Trans } from '@lingui/react/macro';
import styles from './preview.module.css';

/**
 * The full cost before paying (beyond the spec; docs/where-the-spec-is-silent.md "The full-cost preview"): what the fee buys and what it does not, the
 * success commission for this buyer (decision A19) shown on their budget, escrow fees, the term and
 * the tail, the refund rules. Every figure comes from the shared pricing module. It loads after the
 * form, with its own catalog (`checkout-preview`), to keep /hire-consultant's first load small.
 */
export function CostPreview({ offerAmount, channel }: { offerAmount: string; channel: Channel }) {
  const fee = PRICE_TEXT.initialFee;
  const domains = MAX_DOMAINS_PER_CONSULTATION;
  const term = BUYER_TERM_DAYS;
  const tail = COMMISSION_TAIL_MONTHS;
  const refundDays = REFUND_IN_ERROR_DAYS;
  const budgetCents = offerAmountToCents(offerAmount);
  const example = budgetCents !== undefined && budgetCents > 0 ? buyerCommission(budgetCents, channel) : null;
  const budget = budgetCents !== undefined ? formatUsd(budgetCents) : '';
  const commission = example ? formatUsd(example.cents) : '';
  const percent =
    channel === 'registrar' ? PRICE_TEXT.registrarCommissionPercent : PRICE_TEXT.directCommissionPercent;
  const minimum = PRICE_TEXT.directCommissionMinimum;
  return (
    <aside className={styles.preview} aria-labelledby="cost-preview-title">
      <h2 id="cost-preview-title" className={styles.previewTitle}>
        <Trans>What it costs in full</Trans>
      </h2>
      <h3 className={styles.previewHeading}>
        <Trans>Today: {fee} USD, once</Trans>
      </h3>
      <ul className={styles.list}>
        <li>
          <Trans>A dedicated broker for up to {domains} domains (alternatives at no extra charge)</Trans>
        </li>
        <li>
          <Trans>Research of the domain and its owner</Trans>
        </li>
        <li>
          <Trans>Negotiation with the owner on your behalf</Trans>
        </li>
        <li>
          <Trans>Our e-book on buying domain names</Trans>
        </li>
      </ul>
      <p>
        <Trans>The fee does not buy the domain itself: you pay the owner the price you agree to.</Trans>
      </p>
      <h3 className={styles.previewHeading}>
        <Trans>Only if we get you the domain: the success commission</Trans>
      </h3>
      <p data-commission-rule={channel}>
        {channel === 'registrar' ? (
          <Trans>{percent} of the negotiated price, on top of the price.</Trans>
        ) : (
          <Trans>
            The greater of {percent} of the negotiated price or {minimum} USD.
          </Trans>
        )}
      </p>
      {example && (
        <p className={styles.example} data-commission-example>
          <Trans>
            Example: bought at your budget of {budget} USD, the commission is {commission} USD.
          </Trans>
        </p>
      )}
      <p>
        <Trans>The escrow service's fee for the transfer is paid by you, the buyer.</Trans>
      </p>
      <h3 className={styles.previewHeading}>
        <Trans>Term</Trans>
      </h3>
      <p>
        <Trans>
          The agreement runs for {term} days. If you buy the domain within {tail} months after it ends, the
          commission still applies.
        </Trans>
      </p>
      <h3 className={styles.previewHeading}>
        <Trans>Refunds</Trans>
      </h3>
      <ul className={styles.list}>
        <li>
          <Trans>The fee is refunded if the broker declines your request.</Trans>
        </li>
        <li>
          <Trans>
            Bought in error? Refund it yourself within {refundDays} days, before your broker's first step.
          </Trans>
        </li>
      </ul>
    </aside>
  );
}
