import { useId } from 'preact/hooks';
import type { Copy } from './copy.ts';

export interface AvailableViewProps {
  domainName: string;
  registrarName: string;
  /** The registrar's site: the host page's origin, already checked against the registrar's origins. */
  registrarOrigin: string;
  t: Copy;
  onSearchAgain: () => void;
  headingRef?: { current: HTMLHeadingElement | null };
}

/**
 * A searched name nobody holds: no broker to sell, the visitor registers it with the registrar. The
 * frame may not navigate the registrar's page (its sandbox has no top navigation), so 'Register It'
 * opens the registrar's site in a new tab from the visitor's own click.
 */
export function AvailableView(props: AvailableViewProps) {
  const { t, domainName } = props;
  const headingId = useId();
  return (
    <section class="db-card db-v1" aria-labelledby={headingId}>
      <p class="db-eyebrow">{t.availableEyebrow}</p>
      <h1 class="db-title" id={headingId} tabIndex={-1} ref={props.headingRef}>
        {t.available(domainName)}
      </h1>
      <p>{t.availableLead(props.registrarName)}</p>
      <div class="db-actions">
        <a class="db-button" href={`${props.registrarOrigin}/`} target="_blank" rel="noopener">
          {t.registerCta}
          <span class="db-sr"> ({t.ctaHint})</span>
        </a>
        <button type="button" class="db-link" onClick={props.onSearchAgain}>
          {t.searchAgain}
        </button>
      </div>
      <p class="db-footer db-muted">{t.poweredBy}</p>
    </section>
  );
}
