import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import ui from '../shared/ui.module.css';
import { phoneHref, useSupportContact } from '../support.ts';
import styles from './page.module.css';

/** The figures in this page's texts (packages/shared/src/pricing.ts). */
const {
  initialFee: fee,
  writtenAppraisalFrom: appraisalFrom,
  directCommissionPercent: commissionPercent,
  directCommissionMinimum: commissionMinimum,
  socialHandleMinimum: handleMinimum,
  sellerCommissionPercent: sellerPercent,
  sellerCommissionMinimum: sellerMinimum,
} = PRICE_TEXT;

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

export interface FaqSection {
  /** Anchor id of the section (the page links to `#id`). */
  id: string;
  title: string;
  items: FaqItem[];
}

/** The FAQ in the spec's seven sections; answers follow the buyer and seller terms. */
export function useFaqSections(): FaqSection[] {
  const { t } = useLingui();
  return [
    {
      id: 'brokerage-services',
      title: t`Brokerage services`,
      items: [
        {
          question: t`What does a domain broker do for me?`,
          answer: (
            <Trans>
              Your broker finds out who owns the domain, estimates its value, contacts the owner and
              negotiates the price and terms for you. Your identity stays private unless you choose otherwise.
            </Trans>
          ),
        },
        {
          question: t`How many domains does one consultation cover?`,
          answer: (
            <Trans>
              Up to 5 domains in total: the one you start with and up to four alternative names, added at no
              extra charge. For each one your broker researches the registrant, the value and a realistic
              timeline; your broker may accept or decline each alternative.
            </Trans>
          ),
        },
        {
          question: t`How soon will I hear from my broker?`,
          answer: <Trans>Brokers answer within one to two business days after you hire them.</Trans>,
        },
        {
          question: t`How do you estimate what a domain is worth?`,
          answer: (
            <Trans>
              Our free automated appraisal weighs 216 data points, such as length, keywords, extension and
              comparable sales. When a name needs a closer look, a broker can prepare a written appraisal,
              from {appraisalFrom} USD.
            </Trans>
          ),
        },
        {
          question: t`Which languages do you support?`,
          answer: <Trans>English, Spanish and Mandarin.</Trans>,
        },
      ],
    },
    {
      id: 'buying-terms',
      title: t`Buying terms and conditions`,
      items: [
        {
          question: t`What does it cost to hire a broker?`,
          answer: (
            <Trans>
              A one-time initial fee of {fee} USD. If you acquire a domain, a commission is due: the greater
              of {commissionPercent} of the purchase price or {commissionMinimum} USD. For social-media
              handles the minimum commission is {handleMinimum} USD.
            </Trans>
          ),
        },
        {
          question: t`How long does the agreement last?`,
          answer: (
            <Trans>
              It starts on the date of your initial payment and runs for 120 days or until you hold the
              domain, whichever comes first. After that it continues in a holdover period for as long as you
              want the service.
            </Trans>
          ),
        },
        {
          question: t`Can I stop the service?`,
          answer: (
            <Trans>
              Yes. You can stop at the end of the initial 120 days, or at any time during the holdover period,
              by letting us know.
            </Trans>
          ),
        },
        {
          question: t`When do I owe the commission?`,
          answer: (
            <Trans>
              When you acquire a domain your broker worked on. The obligation lasts 6 months from the last
              communication your broker made on your behalf, so it still applies if the owner comes back to
              you directly within that time.
            </Trans>
          ),
        },
        {
          question: t`Where can I read the full terms?`,
          answer: (
            <Trans>
              In the{' '}
              <Link href="/terms" className={ui.link}>
                buyer terms and conditions
              </Link>{' '}
              and the{' '}
              <Link href="/privacy" className={ui.link}>
                buyer privacy policy
              </Link>
              .
            </Trans>
          ),
        },
      ],
    },
    {
      id: 'refund-policy',
      title: t`Refund policy`,
      items: [
        {
          question: t`When is the initial fee refunded?`,
          answer: (
            <Trans>
              In two cases: if we decline to take on your request, or if you ask within 7 days because you
              made the purchase in error.
            </Trans>
          ),
        },
        {
          question: t`How do I ask for a refund?`,
          answer: (
            <Trans>
              Contact support by phone or email with the address you used to pay. Refunds go back to the card
              you paid with.
            </Trans>
          ),
        },
        {
          question: t`Is the fee refunded if the owner will not sell?`,
          answer: (
            <Trans>
              No. The fee pays for your broker's research and outreach, which take place whatever the owner
              decides. Your broker will suggest alternatives where possible.
            </Trans>
          ),
        },
      ],
    },
    {
      id: 'website-and-domains',
      title: t`General website and domain names`,
      items: [
        {
          question: t`What is a domain name?`,
          answer: (
            <Trans>
              The address people type to reach a website or send email, such as example.com. Each name is held
              by one registrant at a time through a registrar.
            </Trans>
          ),
        },
        {
          question: t`Which extensions can you help with?`,
          answer: <Trans>Our tools support .com, .net, .org, .xyz, .co, .io and .ca.</Trans>,
        },
        {
          question: t`Is the appraisal tool free?`,
          answer: (
            <Trans>
              Yes, within a daily limit. Guests can run one appraisal a day; signing in to a free account
              raises the limit.
            </Trans>
          ),
        },
        {
          question: t`What is included with the purchase?`,
          answer: (
            <Trans>
              A free e-book on buying a domain. It can be downloaded twice per account, so keep a copy.
            </Trans>
          ),
        },
      ],
    },
    {
      id: 'ownership',
      title: t`Ownership`,
      items: [
        {
          question: t`How do I find out who owns a domain?`,
          answer: (
            <Trans>
              Many owners hide behind privacy services. Finding and reaching the real registrant is part of
              your broker's research.
            </Trans>
          ),
        },
        {
          question: t`When does the domain become mine?`,
          answer: (
            <Trans>
              Once the price is agreed, the money is held in escrow, the owner transfers the domain to your
              registrar account, and only then is the seller paid.
            </Trans>
          ),
        },
        {
          question: t`Will the owner know who I am?`,
          answer: (
            <Trans>
              Not unless you want them to. Your broker speaks for you, which often prevents the price from
              rising when a well-known buyer shows interest.
            </Trans>
          ),
        },
      ],
    },
    {
      id: 'cost-and-registration',
      title: t`Cost and registration`,
      items: [
        {
          question: t`How much will the domain itself cost?`,
          answer: (
            <Trans>
              That depends on the name and the owner. Your broker gives you a realistic range before
              negotiating. On average our buyers pay 37% less than the owner's list price.
            </Trans>
          ),
        },
        {
          question: t`Do I still pay registration fees after buying?`,
          answer: (
            <Trans>
              Yes. After the transfer you renew the domain each year with your registrar, at the registrar's
              normal price.
            </Trans>
          ),
        },
        {
          question: t`What if the domain is not registered?`,
          answer: (
            <Trans>
              Then you do not need a broker: you can register it yourself at any registrar for the standard
              fee.
            </Trans>
          ),
        },
      ],
    },
    {
      id: 'other',
      title: t`Other FAQs`,
      items: [
        {
          question: t`Can you sell my domain?`,
          answer: (
            <Trans>
              Yes. Our seller brokerage charges the greater of {sellerPercent} of the sale price or{' '}
              {sellerMinimum} USD, only when the name sells. See the{' '}
              <Link href="/sell-terms" className={ui.link}>
                seller terms
              </Link>
              .
            </Trans>
          ),
        },
        {
          question: t`I am a registrar. Can I work with you?`,
          answer: (
            <Trans>
              Yes. Partner registrars add our widget to their site and earn a commission on the customers they
              refer. Send us an inquiry to get started.
            </Trans>
          ),
        },
        {
          question: t`How do I reach you?`,
          answer: (
            <Trans>
              Use the contact form and an agent will reply within one business day or less, or call the
              support line shown on this page.
            </Trans>
          ),
        },
      ],
    },
  ];
}

function SupportActions({ phone }: { phone: string }) {
  return (
    <div className={ui.actions}>
      <Link href="/contact-us" className={ui.button}>
        <Trans>Make An Inquiry</Trans>
      </Link>
      <a href={phoneHref(phone)} className={ui.buttonSecondary}>
        <Trans>Speak with an Expert</Trans>
      </a>
    </div>
  );
}

export default function FaqPage() {
  const { t } = useLingui();
  const { phone, email } = useSupportContact();
  const sections = useFaqSections();
  return (
    <div className={`${ui.page} ${styles.page}`}>
      <header className={styles.intro}>
        <div className={`${ui.container} ${ui.measureBlock}`}>
          <p className={ui.eyebrow}>
            <Trans>Help centre</Trans>
          </p>
          <h1 className={ui.h1}>
            <Trans>Frequently asked questions</Trans>
          </h1>
          <p className={ui.lead}>
            <Trans>
              Answers about our brokerage, fees, refunds and domain ownership. Cannot find yours? Talk to us.
            </Trans>
          </p>
          <SupportActions phone={phone} />
          <p className={styles.phoneLine}>
            <Trans>
              Support line:{' '}
              <a href={phoneHref(phone)} className={ui.link}>
                {phone}
              </a>{' '}
              · Email:{' '}
              <a href={`mailto:${email}`} className={ui.link}>
                {email}
              </a>
            </Trans>
          </p>
        </div>
      </header>

      <div className={`${ui.container} ${styles.layout}`}>
        <nav className={styles.toc} aria-label={t`FAQ sections`}>
          <h2 className={styles.tocTitle}>
            <Trans>Topics</Trans>
          </h2>
          <ul className={styles.tocList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={styles.tocLink}>
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.sections}>
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              className={styles.section}
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
                {section.title}
              </h2>
              {section.items.map((item) => (
                <details key={item.question} className={styles.item}>
                  <summary className={styles.question}>{item.question}</summary>
                  <div className={styles.answer}>{item.answer}</div>
                </details>
              ))}
            </section>
          ))}

          <aside className={styles.help} aria-labelledby="faq-help-title">
            <h2 id="faq-help-title" className={ui.h3}>
              <Trans>Still have a question?</Trans>
            </h2>
            <p className={ui.body}>
              <Trans>Our brokers are happy to help in English, Spanish and Mandarin.</Trans>
            </p>
            <SupportActions phone={phone} />
          </aside>
        </div>
      </div>
    </div>
  );
}
