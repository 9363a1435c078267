/**
 * THE editable content of the public pages (decision B15), in one file: broker
 * biographies, testimonials, why-choose-us and the press strip. The home page and /sell both read it.
 *
 * Entries marked `sample: true` are placeholders, and the pages say so next to them: the brokers are not
 * real people, the quotes are not real customers' words, the press entries are not real coverage. Replace
 * an entry with the real one (a consented quote, a broker's own biography and photo under
 * `public/media/brokers/`, an article's real outlet, headline and link) and set `sample: false`.
 * No third-party logo is used anywhere: outlets are written as plain text.
 * Texts are Lingui messages (`msg`): after editing, run `pnpm extract` and fill the Chinese catalog
 * `src/locales/zh/public-content.po`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface BrokerProfile {
  /** A person's name, never translated. */
  name: string;
  initials: string;
  /** A photo under public/media (e.g. '/media/brokers/alex.jpg'); initials are drawn without one. */
  photo?: string;
  role: MessageDescriptor;
  bio: MessageDescriptor;
  languages: MessageDescriptor;
  sample: boolean;
}

export interface Testimonial {
  quote: MessageDescriptor;
  who: MessageDescriptor;
  /** Which page shows it: /sell shows sellers' words, the home page every one. */
  audience: 'buyer' | 'seller';
  sample: boolean;
}

export interface Reason {
  title: MessageDescriptor;
  text: MessageDescriptor;
}

export interface PressMention {
  /** The outlet's name as plain text (no logos). */
  outlet: string;
  headline: MessageDescriptor;
  /** The article; none for a sample. */
  url?: string;
  sample: boolean;
}

/** Broker biographies (SAMPLES: not real people). */
export const BROKERS: BrokerProfile[] = [
  {
    name: 'Alex Morgan',
    initials: 'AM',
    role: msg`Senior Domain Broker`,
    bio: msg`Sample profile. Twenty years of negotiating premium .com names for start-ups and brands.`,
    languages: msg`English`,
    sample: true,
  },
  {
    name: 'Li Wei',
    initials: 'LW',
    role: msg`Domain Broker, Mandarin and English`,
    bio: msg`Sample profile. Works with sellers in Asia and North America on one-word and short names.`,
    languages: msg`Mandarin, English`,
    sample: true,
  },
  {
    name: 'Sofia Ruiz',
    initials: 'SR',
    role: msg`Domain Broker, Spanish and English`,
    bio: msg`Sample profile. Prices portfolios and runs outbound campaigns to qualified buyers.`,
    languages: msg`Spanish, English`,
    sample: true,
  },
];

/** Testimonials (SAMPLES: not real customers' words). */
export const TESTIMONIALS: Testimonial[] = [
  {
    quote: msg`Sample testimonial: the broker found the owner behind a privacy service and kept my name out of the talks.`,
    who: msg`Sample buyer`,
    audience: 'buyer',
    sample: true,
  },
  {
    quote: msg`Sample testimonial: the broker priced my name honestly and kept me informed at each step.`,
    who: msg`Sample seller`,
    audience: 'seller',
    sample: true,
  },
  {
    quote: msg`Sample testimonial: one fee up front, a clear commission, and escrow for the transfer.`,
    who: msg`Sample buyer`,
    audience: 'buyer',
    sample: true,
  },
  {
    quote: msg`Sample testimonial: clear terms, no upfront fee, and a sale within the term.`,
    who: msg`Sample seller`,
    audience: 'seller',
    sample: true,
  },
];

/** Why choose us: what the service does (statements about our own service, not quotes). */
export const WHY_CHOOSE_US: Reason[] = [
  {
    title: msg`One broker, start to finish`,
    text: msg`The broker who researches your domain is the one who talks to the owner and closes the deal.`,
  },
  {
    title: msg`Your name stays private`,
    text: msg`Owners deal with your broker, not with you, so your interest does not raise the price.`,
  },
  {
    title: msg`Prices grounded in sales data`,
    text: msg`Every estimate starts from comparable public sales, so you know what a fair price looks like.`,
  },
  {
    title: msg`Escrow for every transfer`,
    text: msg`Money and domain change hands through escrow: nobody pays before the name is safely moved.`,
  },
];

/** The press strip (SAMPLES: placeholders for real coverage; plain text, no logos). */
export const PRESS: PressMention[] = [
  {
    outlet: 'Sample Publication',
    headline: msg`Sample headline: how domain brokers negotiate for taken names`,
    sample: true,
  },
  {
    outlet: 'Sample Trade Journal',
    headline: msg`Sample headline: buying a premium domain without overpaying`,
    sample: true,
  },
  {
    outlet: 'Sample Podcast',
    headline: msg`Sample headline: an interview on anonymous domain acquisitions`,
    sample: true,
  },
];
