import { centsToUsd, WRITTEN_APPRAISAL_FROM_CENTS } from '@domain-broker/shared/pricing';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { usePublicConfig } from '#portal/lib/config.ts';
import { screenExists } from '#portal/lib/screens.ts';
import { STORAGE_KEYS, writeString } from '#portal/lib/storage.ts';
import type { AppraisalView } from '../stores/appraisal-store.ts';
import styles from './appraisal.module.css';
import { usd } from './format.ts';
import { confidenceText } from './messages.ts';
import { ReasonsList } from './reasons-list.tsx';

const TYPES: Record<string, { label: MessageDescriptor; info: MessageDescriptor }> = {
  Wholesale: {
    label: msg`Wholesale`,
    info: msg`What a domain investor or reseller would likely pay to buy it now`,
  },
  Market: {
    label: msg`Market`,
    info: msg`Estimated price between a willing buyer and seller, from comparable sales`,
  },
  List: {
    label: msg`List`,
    info: msg`Suggested asking price for a retail listing, with room to negotiate`,
  },
};

/** The List text when the asking price is above the value range (the engine's List info says the same). */
const LIST_ABOVE_RANGE = msg`Suggested asking price for a retail listing: above the value range on purpose, to leave room to negotiate down into it`;

export interface ResultActions {
  onReadMore: () => void;
  onEmail: () => void;
  onDownload?: (() => void) | undefined;
  onShare?: (() => void) | undefined;
  onAppraise: (domain: string) => void;
  /** 'Hire a broker for this domain': the buy flow with this domain (and its value as the budget). */
  onHire?: (() => void) | undefined;
}

/**
 * The appraisal record (docs/product.md "Appraisal page"): value with its range and confidence, list price,
 * types, reasons, extensions.
 */
export function ResultCard({
  record,
  signedIn,
  expanded,
  sending,
  busy,
  actions,
}: {
  record: AppraisalView;
  signedIn: boolean;
  expanded: boolean;
  /** The certificate is being mailed. */
  sending: boolean;
  /** A download or share is under way. */
  busy: boolean;
  actions: ResultActions;
}) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const name = record.domain.slice(0, record.domain.length - record.tld.length - 1);
  const low = usd(record.range.low, i18n.locale);
  const high = usd(record.range.high, i18n.locale);
  const price = usd(centsToUsd(WRITTEN_APPRAISAL_FROM_CENTS), i18n.locale);
  const contactHref = screenExists('/contact-us')
    ? `/contact-us?domainName=${encodeURIComponent(record.domain)}`
    : config.supportEmail
      ? `mailto:${config.supportEmail}?subject=${encodeURIComponent(`Written appraisal: ${record.domain}`)}`
      : null;

  return (
    <article className={styles.card} aria-labelledby="appraisal-result-title" data-testid="appraisal-result">
      <header className={styles.cardHead}>
        <h2 id="appraisal-result-title" className={styles.cardTitle} tabIndex={-1}>
          {record.domain}
        </h2>
        {record.manualValue && <span className={styles.badge}>{t`Reviewed by a broker`}</span>}
      </header>

      <div className={styles.figures}>
        <div className={styles.value}>
          <p className={styles.figureLabel}>{t`Estimated market value`}</p>
          <p className={styles.valueAmount} data-testid="appraised-value">
            {usd(record.appraised_value, i18n.locale)}
          </p>
        </div>
        <div className={styles.range}>
          <p className={styles.figureLabel}>{t`Value range`}</p>
          <p className={styles.rangeAmount}>{t`${low} to ${high}`}</p>
          <p className={`${styles.confidence} ${styles[`confidence-${record.confidence}`] ?? ''}`}>
            {confidenceText(record.confidence, i18n)}
          </p>
        </div>
        <div className={styles.value}>
          <p className={styles.figureLabel}>{t`Suggested list price`}</p>
          <p className={styles.listAmount}>{usd(record.saw_appraised_value, i18n.locale)}</p>
        </div>
      </div>

      {record.appraisalTypes.length > 0 && (
        <section aria-labelledby="appraisal-types-title">
          <h3 id="appraisal-types-title" className={styles.subTitle}>
            {t`Appraisal types`}
          </h3>
          <dl className={styles.types}>
            {record.appraisalTypes.map((type) => {
              const known = TYPES[type.type];
              const info =
                type.type === 'List' && record.saw_appraised_value > record.range.high
                  ? LIST_ABOVE_RANGE
                  : known?.info;
              return (
                <div key={type.type} className={styles.type}>
                  <dt>{known ? i18n._(known.label) : type.type}</dt>
                  <dd className={styles.typeValue}>{usd(type.value, i18n.locale)}</dd>
                  <dd className={styles.muted}>{info ? i18n._(info) : type.info}</dd>
                </div>
              );
            })}
          </dl>
        </section>
      )}

      <section aria-labelledby="appraisal-reasons-title">
        <h3 id="appraisal-reasons-title" className={styles.subTitle}>
          {t`Why this value`}
        </h3>
        <ReasonsList
          reasons={record.description}
          total={record.descriptionCount}
          expanded={expanded}
          signedIn={signedIn}
          onToggle={actions.onReadMore}
        />
      </section>

      {record.availableExtensions.length > 0 && (
        <section aria-labelledby="appraisal-extensions-title">
          <h3 id="appraisal-extensions-title" className={styles.subTitle}>
            {t`Also worth a look`}
          </h3>
          <ul className={styles.extensions}>
            {record.availableExtensions.map((ext) => (
              <li key={ext}>
                <button
                  type="button"
                  className={styles.chip}
                  onClick={() => actions.onAppraise(`${name}.${ext}`)}
                >
                  {name}.{ext}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      {record.manualReviewRequire && (
        <aside className={styles.offer} aria-labelledby="appraisal-offer-title">
          <h3 id="appraisal-offer-title" className={styles.subTitle}>
            {t`Written appraisal`}
          </h3>
          <p>
            <Trans>
              This name needs a closer look than an automated appraisal can give. One of our brokers can
              prepare a written appraisal, from {price}.
            </Trans>
          </p>
          {contactHref && (
            <a className={styles.linkButton} href={contactHref}>
              {t`Ask for a Written Appraisal`}
            </a>
          )}
        </aside>
      )}

      <div className={styles.actions}>
        {actions.onHire && (
          <button type="button" className={styles.primary} onClick={actions.onHire}>
            {t`Hire a Broker for This Domain`}
          </button>
        )}
        {signedIn && screenExists('/sell-domain') && (
          // every signed-in user may offer the name; ownership is the broker's to verify (decision B14)
          <Link
            href={`/sell-domain?domain=${encodeURIComponent(record.domain)}`}
            className={styles.secondary}
            onClick={() => {
              writeString(STORAGE_KEYS.sellAppraise, record.domain);
              writeString(STORAGE_KEYS.sellValue, String(record.appraised_value));
              writeString(STORAGE_KEYS.sellWorth, String(record.saw_appraised_value));
            }}
          >
            {t`Sell This Domain`}
          </Link>
        )}
        <button
          type="button"
          className={styles.secondary}
          // not disabled while sending: focus comes back here when the certificate window closes
          onClick={sending ? undefined : actions.onEmail}
          aria-disabled={sending || undefined}
          aria-busy={sending || undefined}
        >
          {sending ? t`Sending Certificate…` : t`Email the Certificate`}
        </button>
        {actions.onDownload && (
          <button type="button" className={styles.secondary} onClick={actions.onDownload} disabled={busy}>
            {t`Download the Certificate`}
          </button>
        )}
        {actions.onShare && (
          <button type="button" className={styles.secondary} onClick={actions.onShare} disabled={busy}>
            {t`Share the Certificate`}
          </button>
        )}
      </div>
    </article>
  );
}
