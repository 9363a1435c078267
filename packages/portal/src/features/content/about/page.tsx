import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Stats } from '../shared/Stats.tsx';
import ui from '../shared/ui.module.css';
import styles from './page.module.css';

/** The figures in this page's texts (packages/shared/src/pricing.ts). */
const {
  initialFee: fee,
  sellerCommissionPercent: sellerPercent,
  sellerCommissionMinimum: sellerMinimum,
} = PRICE_TEXT;

/** What we do: one card each. */
const offers = [
  {
    key: 'buyers',
    title: <Trans>For buyers</Trans>,
    text: (
      <Trans>
        A dedicated broker researches up to 5 domains for you (owner, value and timeline) and negotiates the
        purchase while keeping your identity private.
      </Trans>
    ),
  },
  {
    key: 'sellers',
    title: <Trans>For sellers</Trans>,
    text: (
      <Trans>
        We market your names to qualified buyers and handle the negotiation, for a commission of{' '}
        {sellerPercent} of the sale price ({sellerMinimum} USD minimum).
      </Trans>
    ),
  },
  {
    key: 'appraisals',
    title: <Trans>Free appraisals</Trans>,
    text: (
      <Trans>
        Our appraisal tool weighs 216 data points to estimate what a name is worth, free of charge within a
        daily limit.
      </Trans>
    ),
  },
  {
    key: 'registrars',
    title: <Trans>For registrars</Trans>,
    text: (
      <Trans>
        Partner registrars offer our brokerage to customers whose chosen name is taken, and earn a commission
        on the customers they refer.
      </Trans>
    ),
  },
];

/** How we work: one term and its description each. */
const values = [
  {
    key: 'fees',
    title: <Trans>Clear fees</Trans>,
    text: (
      <Trans>
        One initial fee of {fee} USD, and a commission only when you get the domain. No hidden charges.
      </Trans>
    ),
  },
  {
    key: 'discretion',
    title: <Trans>Discretion</Trans>,
    text: <Trans>We approach owners on your behalf, so your name and your budget stay private.</Trans>,
  },
  {
    key: 'advice',
    title: <Trans>Honest advice</Trans>,
    text: (
      <Trans>
        If a price is out of line with the market we say so. On average our buyers pay 37% less than the
        asking price.
      </Trans>
    ),
  },
  {
    key: 'language',
    title: <Trans>Your language</Trans>,
    text: <Trans>Our team supports you in English, Spanish and Mandarin.</Trans>,
  },
];

export default function AboutPage() {
  return (
    <div className={ui.page}>
      <section className={ui.intro} aria-labelledby="about-title">
        <div className={`${ui.container} ${ui.measureBlock}`}>
          <p className={ui.eyebrow}>
            <Trans>About us</Trans>
          </p>
          <h1 id="about-title" className={ui.h1}>
            <Trans>Domain brokers who work for the buyer</Trans>
          </h1>
          <p className={ui.lead}>
            <Trans>
              Domain Broker helps people and companies acquire domain names that someone else already owns.
              For 20 years our brokers have found owners, valued names and negotiated fair deals.
            </Trans>
          </p>
          <div className={ui.actions}>
            <Link href="/contact-us" className={ui.button}>
              <Trans>Make An Inquiry</Trans>
            </Link>
          </div>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="about-numbers">
        <div className={ui.container}>
          <h2 id="about-numbers" className={ui.h2}>
            <Trans>Our record</Trans>
          </h2>
          <Stats />
        </div>
      </section>

      <section className={`${ui.section} ${ui.sectionAlt}`} aria-labelledby="about-what">
        <div className={ui.container}>
          <h2 id="about-what" className={ui.h2}>
            <Trans>What we do</Trans>
          </h2>
          <div className={styles.cards}>
            {offers.map(({ key, title, text }) => (
              <article key={key} className={styles.card}>
                <h3 className={ui.h3}>{title}</h3>
                <p className={ui.body}>{text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={ui.section} aria-labelledby="about-how">
        <div className={`${ui.container} ${ui.measureBlock}`}>
          <h2 id="about-how" className={ui.h2}>
            <Trans>How we work</Trans>
          </h2>
          <dl className={styles.values}>
            {values.map(({ key, title, text }) => (
              <div key={key}>
                <dt className={ui.h3}>{title}</dt>
                <dd className={ui.body}>{text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={`${ui.section} ${styles.cta}`} aria-labelledby="about-cta">
        <div className={`${ui.container} ${ui.narrow} ${styles.ctaInner}`}>
          <h2 id="about-cta" className={`${ui.h2} ${styles.ctaTitle}`}>
            <Trans>Have a name in mind?</Trans>
          </h2>
          <p className={styles.ctaText}>
            <Trans>Tell us about it. A broker will get back to you within one business day or less.</Trans>
          </p>
          <Link href="/contact-us" className={ui.buttonInverse}>
            <Trans>Make An Inquiry</Trans>
          </Link>
        </div>
      </section>
    </div>
  );
}
