import { Trans } from '@lingui/react/macro';
import styles from './appraisal.module.css';

/** While the appraisal runs (docs/product.md "Appraisal page"). */
export function LoadingScreen({ domain }: { domain: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.loadingTitle}>
        <Trans>Computing more than 216 data points…</Trans>
      </p>
      <p className={styles.muted}>
        <Trans>Appraising {domain}</Trans>
      </p>
    </div>
  );
}
