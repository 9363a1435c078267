import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { downloadEbook } from '../lib/ebook.ts';
import { useAction } from '../lib/use-action.ts';
import formStyles from './form.module.css';

/**
 * The free e-book (docs/product.md "After purchase"), on the page after payment and on the dashboard: GET
 * /ebook in the page's language, saved as a PDF (lib/ebook.ts). The server decides who may have it (two
 * downloads for a paid buyer); a refusal is shown by lib/ebook.ts (the upgrade popup, or the server's
 * message).
 */
export function EbookCard({
  className,
  headingClassName,
}: {
  className?: string;
  headingClassName?: string;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  // the page after payment loads without TanStack Query: the lighter action (ADR 030)
  const action = useAction(downloadEbook);
  const busy = action.pending;
  const download = async () => {
    if (busy) return;
    await action.run(i18n.locale);
  };
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className={headingClassName}>
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
