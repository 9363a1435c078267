import { Trans, useLingui } from '@lingui/react/macro';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'wouter';
import ui from '../shared/ui.module.css';
import BuyerPrivacy, { BuyerPrivacyTitle } from './buyer-privacy.tsx';
import BuyerTerms, { BuyerTermsTitle } from './buyer-terms.tsx';
import type { LegalTextProps } from './LegalSection.tsx';
import styles from './legal.module.css';
import SellerPrivacy, { SellerPrivacyTitle } from './seller-privacy.tsx';
import SellerTerms, { SellerTermsTitle } from './seller-terms.tsx';

/** Date the texts were last revised (shown under the title). */
export const LEGAL_UPDATED = '2026-11-22';

function LegalPage({
  title,
  Text,
  related,
}: {
  title: ReactNode;
  Text: ComponentType<LegalTextProps>;
  related: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const updated = new Intl.DateTimeFormat(i18n.locale || 'en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${LEGAL_UPDATED}T00:00:00Z`),
  );
  return (
    <article className={styles.page}>
      <div className={`${ui.container} ${ui.narrow}`}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.updated}>
          <Trans>Last updated: {updated}</Trans>
        </p>
        <Text headingLevel={2} />
        <nav className={styles.related} aria-label={t`Related documents`}>
          <Trans>Related documents</Trans>
          {related}
        </nav>
      </div>
    </article>
  );
}

/** The other documents of the same side (buyer or seller), and the FAQ. */
function RelatedLinks({ documents }: { documents: [href: string, title: ReactNode][] }) {
  return (
    <ul>
      {documents.map(([href, title]) => (
        <li key={href}>
          <Link href={href}>{title}</Link>
        </li>
      ))}
      <li>
        <Link href="/faq">
          <Trans>Frequently asked questions</Trans>
        </Link>
      </li>
    </ul>
  );
}

const buyerLinks = (
  <RelatedLinks
    documents={[
      ['/terms', <BuyerTermsTitle key="terms" />],
      ['/privacy', <BuyerPrivacyTitle key="privacy" />],
    ]}
  />
);

const sellerLinks = (
  <RelatedLinks
    documents={[
      ['/sell-terms', <SellerTermsTitle key="terms" />],
      ['/sell-privacy', <SellerPrivacyTitle key="privacy" />],
    ]}
  />
);

export function BuyerTermsPage() {
  return <LegalPage title={<BuyerTermsTitle />} Text={BuyerTerms} related={buyerLinks} />;
}

export function BuyerPrivacyPage() {
  return <LegalPage title={<BuyerPrivacyTitle />} Text={BuyerPrivacy} related={buyerLinks} />;
}

export function SellerTermsPage() {
  return <LegalPage title={<SellerTermsTitle />} Text={SellerTerms} related={sellerLinks} />;
}

export function SellerPrivacyPage() {
  return <LegalPage title={<SellerPrivacyTitle />} Text={SellerPrivacy} related={sellerLinks} />;
}
