import { Trans } from '@lingui/react/macro';
import { createContext, type ReactNode, useContext } from 'react';
import { useSupportContact } from '../support.ts';
import styles from './legal.module.css';

/**
 * Heading level of the sections of a legal text: 3 by default, for the shell's overlays whose dialog title
 * is an h2; the route pages (legal/pages.tsx) pass 2, under their h1.
 */
const HeadingLevelContext = createContext<2 | 3>(3);

export interface LegalTextProps {
  /** Level of the section headings (default 3, inside an overlay titled with an h2). */
  headingLevel?: 2 | 3;
}

export function LegalText({ headingLevel = 3, children }: LegalTextProps & { children: ReactNode }) {
  return (
    <HeadingLevelContext.Provider value={headingLevel}>
      <div className={styles.text}>{children}</div>
    </HeadingLevelContext.Provider>
  );
}

export function LegalSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  const level = useContext(HeadingLevelContext);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.section}>
      <Heading className={styles.heading}>{title}</Heading>
      {children}
    </section>
  );
}

/** The last section of both privacy policies (buyer-privacy.tsx, seller-privacy.tsx): where to write. */
export function PrivacyContactSection({ title }: { title: ReactNode }) {
  const { email, phone } = useSupportContact();
  return (
    <LegalSection title={title}>
      <p>
        <Trans>
          Privacy questions and requests: {email} or {phone}. We reply within 30 days.
        </Trans>
      </p>
    </LegalSection>
  );
}
