import type { ReactNode } from 'react';
import layout from '#portal/components/layout.module.css';

/** The column of the pages after payment (/agent-details-questions, /survey): the h1 `title`, then `children`. */
export function AfterPurchasePage({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={layout.narrow} aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  );
}
