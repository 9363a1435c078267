import type { ReactNode } from 'react';
import status from './status.module.css';

/**
 * The 96 px picture at the top of a status page: a round backdrop of the `backdrop` colour, and
 * `children`, its SVG shapes, drawn over it.
 */
export function StatusArt({ backdrop, children }: { backdrop: string; children: ReactNode }) {
  return (
    <svg className={status.art} viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" fill={backdrop} />
      {children}
    </svg>
  );
}

/**
 * A full-page notice (not found, robot check, blocked country): the centred card with its picture,
 * title and text; `children` follow the text. `fullscreen` when the page replaces the whole portal.
 */
export function StatusPage({
  id,
  art,
  title,
  text,
  fullscreen = false,
  children,
}: {
  id: string;
  art: ReactNode;
  title: ReactNode;
  text: ReactNode;
  fullscreen?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={fullscreen ? `${status.page} ${status.fullscreen}` : status.page}>
      <section className={status.card} aria-labelledby={id}>
        {art}
        <h1 id={id} className={status.title}>
          {title}
        </h1>
        <p className={status.text}>{text}</p>
        {children}
      </section>
    </div>
  );
}
