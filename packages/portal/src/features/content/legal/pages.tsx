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

function BuyerLinks() {
  return (
    <ul>
      <li>
        <Link href="/terms">
          <BuyerTermsTitle />
        </Link>
      </li>
      <li>
        <Link href="/privacy">
          <BuyerPrivacyTitle />
        </Link>
      </li>
      <li>
        <Link href="/faq">
          <Trans>Frequently asked questions</Trans>
        </Link>
      </li>
    </ul>
  );
}

function SellerLinks() {
  return (
    <ul>
      <li>
        <Link href="/sell-terms">
          <SellerTermsTitle />
        </Link>
      </li>
      <li>
        <Link href="/sell-privacy">
          <SellerPrivacyTitle />
        </Link>
      </li>
      <li>
        <Link href="/faq">
          <Trans>Frequently asked questions</Trans>
        </Link>
      </li>
    </ul>
  );
}

export function BuyerTermsPage() {
  return <LegalPage title={<BuyerTermsTitle />} Text={BuyerTerms} related={<BuyerLinks />} />;
}

export function BuyerPrivacyPage() {
  return <LegalPage title={<BuyerPrivacyTitle />} Text={BuyerPrivacy} related={<BuyerLinks />} />;
}

export function SellerTermsPage() {
  return <LegalPage title={<SellerTermsTitle />} Text={SellerTerms} related={<SellerLinks />} />;
}

export function SellerPrivacyPage() {
  return <LegalPage title={<SellerPrivacyTitle />} Text={SellerPrivacy} related={<SellerLinks />} />;
}
