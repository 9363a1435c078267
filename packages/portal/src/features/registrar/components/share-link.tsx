import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import { formStyles } from '#portal/components/form.tsx';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import styles from './landing.module.css';

/**
 * The link a registrar shares with its customers: the portal with its id
 * (docs/product.md "Registrar landing page and widget").
 */
export function shareableLink(origin: string, registrarUID: string): string {
  return `${origin}/?registrarId=${encodeURIComponent(registrarUID)}`;
}

async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard permission (or an old browser): select the text and use the legacy command
    if (!fallbackInput) return false;
    fallbackInput.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** Shown to a registrar-role user on their landing page: the link and a 'Copy link' button. */
export function ShareLink({ registrarUID }: { registrarUID: string }) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const link = shareableLink(window.location.origin, registrarUID);
  return (
    <section className={styles.share} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.shareTitle}>
        <Trans>Your referral link</Trans>
      </h2>
      <p className={styles.shareText}>
        <Trans>Share this link with your customers: their enquiries reach us with your registrar id.</Trans>
      </p>
      <div className={styles.shareRow}>
        <label htmlFor={id} className="visually-hidden">
          {t`Your referral link`}
        </label>
        <input
          id={id}
          ref={input}
          className={`${formStyles.input} ${styles.shareInput}`}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className={formStyles.primary}
          onClick={async () => {
            if (await copyText(link, input.current)) notifySuccess(t`Link copied in clipboard`);
            else notifyError(t`The link could not be copied, please copy it by hand.`);
          }}
        >
          <Trans>Copy Link</Trans>
        </button>
      </div>
    </section>
  );
}
