import { landingPageUrl } from '@domain-broker/shared/widget-contract';
import { useId, useState } from 'preact/hooks';
import { pickAvatar } from './avatars.ts';
import type { Copy } from './copy.ts';

export interface MessageViewProps {
  domainName: string;
  /** 'registered' (the default: the registrar says so, or the registry did) or 'unknown' (neutral wording). */
  status?: 'registered' | 'unknown';
  registrarId: string;
  registrarName: string;
  variant: 1 | 2;
  t: Copy;
  /** The portal origin (this frame's own origin), where the landing page lives. */
  portalOrigin: string;
  onGetStarted: () => void;
  /** Present in search mode: go back to the search box. */
  onSearchAgain?: () => void;
  headingRef?: { current: HTMLHeadingElement | null };
}

/**
 * The offer shown when the customer's domain is taken (or when the registry could not say whether it is:
 * the same offer, worded neutrally). Variant 1 is compact; variant 2 adds a broker
 * avatar and an expandable "How it works" panel.
 *
 * 'Get Started' is a real link opening a new tab from the customer's own click: inside a third-party
 * frame, storage is partitioned and popups opened later by the host (after a postMessage round trip)
 * lose the click's user activation, so the landing page must be reached directly. The host is also told
 * (`get-started`) for its own analytics.
 */
export function MessageView(props: MessageViewProps) {
  const { domainName, registrarId, registrarName, variant, t } = props;
  const unknown = props.status === 'unknown' && !!domainName;
  const [avatar] = useState(() => pickAvatar());
  const headingId = useId();
  const href = landingPageUrl(props.portalOrigin, domainName, registrarId);

  return (
    <section class={`db-card db-v${variant}`} aria-labelledby={headingId}>
      {variant === 2 && (
        <div class="db-broker">
          <img class="db-avatar" src={avatar} alt={t.avatarAlt} width={64} height={64} />
          <div>
            <p class="db-broker-title">{t.brokerTitle}</p>
            <p class="db-muted">{t.brokerLead}</p>
          </div>
        </div>
      )}
      <p class="db-eyebrow">{unknown ? t.unknownEyebrow : t.eyebrow}</p>
      <h1 class="db-title" id={headingId} tabIndex={-1} ref={props.headingRef}>
        {unknown ? t.unknown(domainName) : domainName ? t.taken(domainName) : t.takenGeneric}
      </h1>
      <p>{unknown ? t.unknownPitch : t.pitch}</p>
      <ul class="db-facts">
        <li>{t.fee}</li>
        <li>{t.commission}</li>
      </ul>
      {variant === 2 && (
        <details class="db-details">
          <summary>{t.detailsSummary}</summary>
          <ol>
            {t.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      )}
      <div class="db-actions">
        <a class="db-button" href={href} target="_blank" rel="noopener" onClick={props.onGetStarted}>
          {t.cta}
          <span class="db-sr"> ({t.ctaHint})</span>
        </a>
        {props.onSearchAgain && (
          <button type="button" class="db-link" onClick={props.onSearchAgain}>
            {t.searchAgain}
          </button>
        )}
      </div>
      <p class="db-footer db-muted">
        {registrarName ? `${t.partner(registrarName)} · ${t.poweredBy}` : t.poweredBy}
      </p>
    </section>
  );
}
