import type { ReactNode } from 'react';

/**
 * A section titled by its h2, `id` tying the two together for assistive technology: the panels of the
 * staff and partner screens. `className` is the feature's panel class (composing panel.module.css's
 * `.panel`), `headingClassName` its heading's class when it has one.
 */
export function Panel({
  id,
  title,
  className,
  headingClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  className: string | undefined;
  headingClassName?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
