import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import formStyles from '../../components/form.module.css';
import { downloadEbook } from '../../lib/ebook.ts';
import styles from './dashboard.module.css';

/**
 * The e-book on the dashboard (decision A11): every buyer sees it; the server decides who may have it
 * (two downloads for a paid buyer; an unpaid one gets the upgrade popup, lib/ebook.ts).
 */
export function EbookCard() {
  const { i18n } = useLingui();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadEbook(i18n.locale);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <Trans>Free e-book: How to buy a domain someone else owns</Trans>
      </h2>
      <p>
        <Trans>What a broker does, realistic prices, escrow, timelines and what to avoid.</Trans>
      </p>
      <button
        type="button"
        className={formStyles.secondary}
        onClick={() => void download()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <Trans>Download E-book</Trans>
      </button>
    </section>
  );
}
