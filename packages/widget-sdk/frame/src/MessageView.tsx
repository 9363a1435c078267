import { useId, useState } from 'preact/hooks';
import { pickAvatar } from './avatars.ts';
import { copy } from './copy.ts';

export interface MessageViewProps {
  domainName: string;
  registrarId: string;
  registrarName: string;
  variant: 1 | 2;
  /** The portal origin (this frame's own origin), where the landing page lives. */
  portalOrigin: string;
  onGetStarted: () => void;
  /** Present in search mode: go back to the search box. */
  onSearchAgain?: () => void;
  headingRef?: { current: HTMLHeadingElement | null };
}

export function landingPageUrl(portalOrigin: string, domainName: string, registrarId: string): string {
  const q = new URLSearchParams({ domainName, registrarId });
  return `${portalOrigin}/registrar-landing-page?${q}`;
}

/**
 * The offer shown when the customer's domain is taken. Variant 1 is compact; variant 2 adds a broker
 * avatar and an expandable "How it works" panel.
 *
 * 'Get Started' is a real link opening a new tab from the customer's own click: inside a third-party
 * frame, storage is partitioned and popups opened later by the host (after a postMessage round trip)
 * lose the click's user activation, so the landing page must be reached directly. The host is also told
 * (`get-started`) for its own analytics.
 */
export function MessageView(props: MessageViewProps) {
  const { domainName, registrarId, registrarName, variant } = props;
  const [avatar] = useState(() => pickAvatar());
  const headingId = useId();
  const href = landingPageUrl(props.portalOrigin, domainName, registrarId);

  return (
    <section class={`db-card db-v${variant}`} aria-labelledby={headingId}>
      {variant === 2 && (
        <div class="db-broker">
          <img class="db-avatar" src={avatar} alt={copy.avatarAlt} width={64} height={64} />
          <div>
            <p class="db-broker-title">{copy.brokerTitle}</p>
            <p class="db-muted">{copy.brokerLead}</p>
          </div>
        </div>
      )}
      <p class="db-eyebrow">{copy.eyebrow}</p>
      <h1 class="db-title" id={headingId} tabIndex={-1} ref={props.headingRef}>
        {domainName ? copy.taken(domainName) : copy.takenGeneric}
      </h1>
      <p>{copy.pitch}</p>
      <ul class="db-facts">
        <li>{copy.fee}</li>
        <li>{copy.commission}</li>
      </ul>
      {variant === 2 && (
        <details class="db-details">
          <summary>{copy.detailsSummary}</summary>
          <ol>
            {copy.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      )}
      <div class="db-actions">
        <a class="db-button" href={href} target="_blank" rel="noopener" onClick={props.onGetStarted}>
          {copy.cta}
          <span class="db-sr"> ({copy.ctaHint})</span>
        </a>
        {props.onSearchAgain && (
          <button type="button" class="db-link" onClick={props.onSearchAgain}>
            {copy.searchAgain}
          </button>
        )}
      </div>
      <p class="db-footer db-muted">
        {registrarName ? `${copy.partner(registrarName)} · ${copy.poweredBy}` : copy.poweredBy}
      </p>
    </section>
  );
}
