import type { RecentSearchItem } from '@domain-broker/shared/schemas/appraisal';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HistoryLayout } from '../utils/rules.ts';
import styles from './appraisal.module.css';
import { day, usd } from './format.ts';

export type HistoryState =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'ready'; items: RecentSearchItem[] };

/**
 * Earlier appraisals, newest first. Choosing one shows it again. An item whose certificate is being
 * sent is marked until done. A failed fetch leaves a blank placeholder (docs/product.md "Appraisal").
 */
export function HistoryList({
  state,
  layout,
  current,
  downloading,
  onChoose,
}: {
  state: HistoryState;
  layout: HistoryLayout;
  current: string | null;
  downloading: readonly string[];
  onChoose: (item: RecentSearchItem) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <section
      className={`${styles.history} ${layout === 'full' ? styles.historyFull : styles.historySide}`}
      data-layout={layout}
      aria-labelledby="appraisal-history-title"
    >
      <h2 id="appraisal-history-title" className={styles.sectionTitle}>
        {t`Your recent appraisals`}
      </h2>
      {state.kind === 'loading' && (
        <p className={styles.muted} role="status">
          <Trans>Loading your recent appraisals…</Trans>
        </p>
      )}
      {state.kind === 'error' && (
        <div className={styles.blank} data-testid="history-error">
          <span className="visually-hidden">{t`The history could not be loaded.`}</span>
        </div>
      )}
      {state.kind === 'ready' && state.items.length === 0 && (
        <p className={styles.muted}>{t`no search history found`}</p>
      )}
      {state.kind === 'ready' && state.items.length > 0 && (
        <ul className={styles.historyList}>
          {state.items.map((item) => {
            const busy = downloading.includes(item.domain);
            return (
              <li key={item.domainName}>
                <button
                  type="button"
                  className={styles.historyItem}
                  aria-current={current === item.domain ? 'true' : undefined}
                  aria-busy={busy || undefined}
                  onClick={() => onChoose(item)}
                >
                  <span className={styles.historyDomain}>{item.domain}</span>
                  <span className={styles.historyValue}>{usd(item.appraised_value, i18n.locale)}</span>
                  <span className={styles.historyDate}>{day(item.searchedAt, i18n.locale)}</span>
                  {busy && (
                    <span className={styles.badge} data-testid="history-downloading">
                      {t`Sending certificate…`}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
