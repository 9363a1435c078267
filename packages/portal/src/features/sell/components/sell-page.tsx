import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { BrokerProfiles, TestimonialCarousel } from '#portal/components/public-content/sections.tsx';
import { usePublicConfig } from '#portal/lib/config.ts';
import { NOTABLE_SALES } from '../content/sell-content.ts';
import styles from './sell-page.module.css';

const SHOWN = 10;

/** 'Start Selling': the configured marketplace sign-in, else the sell submission form (docs/product.md "Selling"). */
function StartSelling() {
  const config = usePublicConfig();
  return config.marketplaceLoginUrl ? (
    <a href={config.marketplaceLoginUrl} rel="noopener" className={styles.primary}>
      <Trans>Start Selling</Trans>
    </a>
  ) : (
    <Link href="/sell-domain" className={styles.primary}>
      <Trans>Start Selling</Trans>
    </Link>
  );
}

/** One titled section of the page; `cta` is the closing call to action. */
function Section({
  id,
  titleId,
  title,
  cta = false,
  children,
}: {
  id?: string;
  titleId: string;
  title: ReactNode;
  cta?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={cta ? `${styles.section} ${styles.cta}` : styles.section}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className={styles.h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /sell (docs/product.md "Selling"): hero, the two services, brokers, notable sales, the process, the
 * figures.
 */
export function SellPage() {
  const { t, i18n } = useLingui();
  const [all, setAll] = useState(false);
  const sales = all ? NOTABLE_SALES : NOTABLE_SALES.slice(0, SHOWN);
  const usd = (n: number) =>
    new Intl.NumberFormat(i18n.locale, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }).format(n);
  const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' });
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="sell-hero-title">
        <h1 id="sell-hero-title" className={styles.h1}>
          <Trans>No-Stress Domain Selling Service</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>
            A personal broker prices your names, finds qualified buyers and negotiates the sale. You pay{' '}
            {PRICE_TEXT.directCommissionPercent} commission only when a domain sells.
          </Trans>
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={() => scrollTo('full-service')}>
            <Trans>Full Service Brokerage</Trans>
          </button>
          <button type="button" className={styles.secondary} onClick={() => scrollTo('self-service')}>
            <Trans>Self Service Brokerage</Trans>
          </button>
        </div>
      </section>

      <section className={styles.stats} aria-label={t`Our figures`}>
        <p>
          <strong>20</strong> <Trans>years of experience</Trans>
        </p>
        <p>
          <strong>1,000+</strong> <Trans>transactions</Trans>
        </p>
        <p>
          <strong>{PRICE_TEXT.directCommissionPercent}</strong> <Trans>commission</Trans>
        </p>
        <p>
          <strong>100%</strong> <Trans>transparency</Trans>
        </p>
      </section>

      <Section titleId="full-service-title" id="full-service" title={<Trans>Full Service Brokerage</Trans>}>
        <p>
          <Trans>
            Your broker values each name, writes to likely buyers, answers every enquiry and negotiates the
            price and the escrow. You approve the deal.
          </Trans>
        </p>
        <StartSelling />
      </Section>

      <Section titleId="self-service-title" id="self-service" title={<Trans>Self Service Brokerage</Trans>}>
        <p>
          <Trans>
            List your names with your own prices and minimum quotes; we show them to buyers and hand you the
            qualified offers.
          </Trans>
        </p>
        <Link href="/sell-domain" className={styles.secondary}>
          <Trans>List Your Domains</Trans>
        </Link>
      </Section>

      <Section titleId="process-title" title={<Trans>How it works</Trans>}>
        <ol className={styles.steps}>
          <li>
            <Trans>Submit your domains and confirm your email address.</Trans>
          </li>
          <li>
            <Trans>Point the domains to our sales pages with the two nameservers we give you.</Trans>
          </li>
          <li>
            <Trans>Your broker prices the names and brings you qualified offers.</Trans>
          </li>
          <li>
            <Trans>You accept an offer; the buyer pays through escrow and the name is transferred.</Trans>
          </li>
        </ol>
      </Section>

      {/* broker biographies and sellers' testimonials: the public pages' one content file (B15) */}
      <BrokerProfiles />
      <TestimonialCarousel audience="seller" title={<Trans>What sellers say</Trans>} />

      <Section titleId="sales-title" title={<Trans>Notable domain sales</Trans>}>
        <p className={styles.sample}>
          <Trans>
            Publicly reported sales in the domain market, for context; not all were made by our brokers.
          </Trans>
        </p>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t`Domain`}</th>
              <th scope="col">{t`Price`}</th>
              <th scope="col">{t`Year`}</th>
            </tr>
          </thead>
          <tbody>
            {sales.map((s) => (
              <tr key={s.domain}>
                <td>{s.domain}</td>
                <td>{usd(s.priceUsd)}</td>
                <td>{s.year}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          className={styles.secondary}
          aria-expanded={all}
          onClick={() => setAll((a) => !a)}
        >
          {all ? t`Show Fewer Sales` : t`Show All Sales`}
        </button>
      </Section>

      <Section titleId="start-title" cta title={<Trans>Ready to sell?</Trans>}>
        <StartSelling />
      </Section>
    </div>
  );
}

export default SellPage;
