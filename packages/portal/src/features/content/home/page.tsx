import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ComponentType, lazy, type ReactNode, Suspense, useRef } from 'react';
import { Link } from 'wouter';
import { resetAppraisal } from '#portal/lib/appraisal-reset.ts';
import { startBuyFlow } from '#portal/lib/buy-flow.ts';
import { withCatalog } from '#portal/lib/i18n.ts';
import { screenExists } from '#portal/lib/screens.ts';
import ui from '../shared/ui.module.css';
import { useInView } from '../shared/use-in-view.ts';
import { HeroMedia } from './HeroMedia.tsx';
import styles from './page.module.css';

/** The figures in this page's texts (packages/shared/src/pricing.ts). */
const {
  initialFee: fee,
  directCommissionPercent: commissionPercent,
  directCommissionMinimum: commissionMinimum,
  socialHandleMinimum: handleMinimum,
} = PRICE_TEXT;

// the figures sit below the first screen: they are not part of the first load of `/`
const Stats = lazy(() => import('../shared/Stats.tsx').then((m) => ({ default: m.Stats })));
// why-choose-us, brokers, testimonials and press (src/components/public-content), with their catalog
const PublicSections = lazy(() =>
  withCatalog(import('#portal/components/public-content/sections.tsx'), 'public-content').then((m) => ({
    default: m.HomePublicSections,
  })),
);

/** The round 20 px mark before each line of the comparison cards; `children` draw the tick or cross. */
function MarkIcon({ children }: { children: ReactNode }) {
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.15" />
      {children}
    </svg>
  );
}

function Check() {
  return (
    <MarkIcon>
      <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </MarkIcon>
  );
}

function Cross() {
  return (
    <MarkIcon>
      <path
        d="M6.5 6.5l7 7m0-7l-7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </MarkIcon>
  );
}

function Hero() {
  const { t } = useLingui();
  return (
    <section className={ui.intro} aria-labelledby="home-title">
      <div className={`${ui.container} ${styles.heroGrid}`}>
        <div className={styles.heroText}>
          <p className={ui.eyebrow}>
            <Trans>Personal domain brokerage</Trans>
          </p>
          <h1 id="home-title" className={ui.h1}>
            <Trans>The domain you want is taken. We can still get it for you.</Trans>
          </h1>
          <p className={ui.lead}>
            <Trans>
              Hire a dedicated domain broker for a one-time fee of {fee} USD. Your broker finds the owner,
              works out a fair price and negotiates on your behalf, without revealing who you are.
            </Trans>
          </p>
          <div className={ui.actions}>
            {/* starts the buy flow: the domain + budget form, or the sign-in window first (A9) */}
            <button type="button" className={ui.button} onClick={() => startBuyFlow()}>
              <Trans>Get Started</Trans>
            </button>
            <a href="#how-it-works" className={ui.buttonSecondary}>
              <Trans>How It Works</Trans>
            </a>
          </div>
          <nav className={styles.quick} aria-label={t`Buy, sell, appraise or contact us`}>
            {/* docs/product.md "Public pages": Buy starts the buy flow, the others open their pages */}
            <button type="button" className={ui.buttonSecondary} onClick={() => startBuyFlow()}>
              <Trans>Buy</Trans>
            </button>
            <Link href={screenExists('/sell') ? '/sell' : '/sell-domain'} className={ui.buttonSecondary}>
              <Trans>Sell</Trans>
            </Link>
            <Link href="/appraisal" className={ui.buttonSecondary} onClick={() => resetAppraisal()}>
              <Trans>Appraise</Trans>
            </Link>
            <Link href="/contact-us" className={ui.buttonSecondary}>
              <Trans>Contact Us</Trans>
            </Link>
          </nav>
          <p className={styles.heroNote}>
            <Trans>Support in English, Spanish and Mandarin.</Trans>
          </p>
        </div>
        <HeroMedia />
      </div>
    </section>
  );
}

function Comparison() {
  const { t } = useLingui();
  const withBroker = [
    t`A specialist finds the real owner, even behind privacy protection`,
    t`A price grounded in sales data, so you do not overpay`,
    t`Your identity stays private, so the price does not climb`,
    t`Negotiators with more than 1,000 completed transactions behind them`,
    t`Safe payment and transfer through escrow`,
  ];
  const withoutBroker = [
    t`Emails to an unknown owner that often go unanswered`,
    t`Guessing what the name is worth`,
    t`Owners who raise the price once they see who is asking`,
    t`Negotiating alone against experienced sellers`,
    t`Risk of paying before the domain is safely yours`,
  ];
  return (
    <section className={ui.section} aria-labelledby="compare-title">
      <div className={ui.container}>
        <h2 id="compare-title" className={ui.h2}>
          <Trans>Buying a taken domain: with a broker or on your own</Trans>
        </h2>
        <p className={ui.lead}>
          <Trans>
            Owners of good names hear from buyers all the time. A broker makes your offer the one they take
            seriously.
          </Trans>
        </p>
        <div className={styles.compare}>
          <CompareCard
            title={t`With Domain Broker`}
            items={withBroker}
            cardClass={styles.compareWith}
            itemClass={styles.compareYes}
            Mark={Check}
          />
          <CompareCard
            title={t`Without a broker`}
            items={withoutBroker}
            cardClass={styles.compareWithout}
            itemClass={styles.compareNo}
            Mark={Cross}
          />
        </div>
      </div>
    </section>
  );
}

/** One numbered step of "How it works": its number, title and text. */
function Step({ number, title, children }: { number: number; title: ReactNode; children: ReactNode }) {
  return (
    <li className={styles.step}>
      <span className={styles.stepNumber} aria-hidden="true">
        {number}
      </span>
      <h3 className={ui.h3}>{title}</h3>
      <p className={ui.body}>{children}</p>
    </li>
  );
}

function Steps() {
  return (
    <section id="how-it-works" className={`${ui.section} ${ui.sectionAlt}`} aria-labelledby="steps-title">
      <div className={ui.container}>
        <p className={ui.eyebrow}>
          <Trans>How it works</Trans>
        </p>
        <h2 id="steps-title" className={ui.h2}>
          <Trans>Three steps to your domain</Trans>
        </h2>
        <ol className={styles.steps}>
          <Step number={1} title={<Trans>Budgeting</Trans>}>
            <Trans>
              Tell us the domain you want and what you are prepared to spend. Your broker checks the name
              against comparable sales and tells you honestly whether the budget is realistic.
            </Trans>
          </Step>
          <Step number={2} title={<Trans>Contact</Trans>}>
            <Trans>
              Your broker researches the registrant, the value and the timeline, then contacts the owner for
              you. You hear back within one to two business days.
            </Trans>
          </Step>
          <Step number={3} title={<Trans>Acquire</Trans>}>
            <Trans>
              Your broker negotiates the price and terms. When you agree, payment and transfer go through
              escrow and the domain moves into your account.
            </Trans>
          </Step>
        </ol>
        <div className={styles.explain}>
          <h3 className={ui.h3}>
            <Trans>What you pay, and when</Trans>
          </h3>
          <p className={ui.body}>
            <Trans>
              The initial fee of {fee} USD covers research on up to 5 domains. It is refunded if we decline
              the job, or within 7 days if you bought it by mistake.
            </Trans>
          </p>
          <p className={ui.body}>
            <Trans>
              A commission is due only if you acquire the domain: the greater of {commissionPercent} of the
              purchase price or {commissionMinimum} USD ({handleMinimum} USD minimum for social-media
              handles).
            </Trans>
          </p>
          <p className={ui.body}>
            <Link href="/terms" className={ui.link}>
              <Trans>Read the buyer terms</Trans>
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

function StatsSection() {
  return (
    <section className={ui.section} aria-labelledby="stats-title">
      <div className={ui.container}>
        <h2 id="stats-title" className={ui.h2}>
          <Trans>Two decades of closing domain deals</Trans>
        </h2>
        <Suspense fallback={null}>
          <Stats />
        </Suspense>
      </div>
    </section>
  );
}

function SignUpEntry() {
  const { t } = useLingui();
  const perks = [
    t`Free domain appraisals, with more each day once you sign in`,
    t`Your appraisal history in one place`,
    t`A dedicated broker when you are ready to buy`,
  ];
  return (
    <section className={`${ui.section} ${styles.signup}`} aria-labelledby="signup-title">
      <div className={`${ui.container} ${styles.signupInner}`}>
        <div>
          <h2 id="signup-title" className={`${ui.h2} ${styles.signupTitle}`}>
            <Trans>Start with a free account</Trans>
          </h2>
          <ul className={styles.perks}>
            {perks.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        </div>
        <div className={styles.signupActions}>
          <Link href="/signup" className={ui.buttonInverse}>
            <Trans>Create a Free Account</Trans>
          </Link>
          <p className={styles.signupLogin}>
            <Trans>
              Already have an account?{' '}
              <Link href="/login" className={styles.signupLink}>
                Sign in
              </Link>
            </Trans>
          </p>
        </div>
      </div>
    </section>
  );
}

/** Loaded once the visitor scrolls near it, so `/` draws and settles without it. */
function PublicContent() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref, '600px');
  return (
    <div className={ui.section}>
      <div ref={ref} className={`${ui.container} ${near ? '' : styles.publicSlot}`}>
        {near && (
          <Suspense fallback={<div className={styles.publicSlot} />}>
            <PublicSections />
          </Suspense>
        )}
      </div>
    </div>
  );
}

export default function HomePage() {
  return (
    <div className={ui.page}>
      <Hero />
      <StatsSection />
      <Comparison />
      <Steps />
      <PublicContent />
      <SignUpEntry />
    </div>
  );
}

function CompareCard(props: {
  title: string;
  items: string[];
  cardClass: string | undefined;
  itemClass: string | undefined;
  Mark: ComponentType;
}) {
  const { title, items, cardClass, itemClass, Mark } = props;
  return (
    <div className={`${styles.compareCard} ${cardClass}`}>
      <h3 className={ui.h3}>{title}</h3>
      <ul className={styles.compareList}>
        {items.map((item) => (
          <li key={item} className={itemClass}>
            <Mark />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
