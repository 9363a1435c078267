import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formStyles } from '../../../components/form.tsx';
import { downloadEbook } from '../../../lib/ebook.ts';
import styles from './after-purchase.module.css';

/**
 * The free e-book (spec §2): GET /ebook in the page's language, saved as a PDF (lib/ebook.ts). The
 * server counts the downloads; its refusal (the third download) is shown as the server words it.
 */
export function EbookButton() {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      // a refusal is shown by lib/ebook.ts (the upgrade popup, or the server's message)
      await downloadEbook(i18n.locale);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={`${styles.card} ${styles.done}`} aria-labelledby="ebook-title">
      <h2 id="ebook-title" className={styles.heading}>
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
        aria-busy={busy}
      >
        <Trans>Download E-book</Trans>
      </button>
    </section>
  );
}
