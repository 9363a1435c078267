/**
 * The /sell page's editable content in one file (decision B15): broker profiles, testimonials and the
 * notable sales. Broker profiles and testimonials below are SAMPLES, marked as such on the page, to be
 * replaced by the real ones; no quote here is presented as a real customer's.
 *
 * Notable sales: a short list of top-of-market domain sales that were widely reported in the press when
 * they happened, written here by hand (no data set is copied into the product); sales made by other
 * parties, shown as market context, not as our own transactions.
 */
import { msg } from '@lingui/core/macro';

export interface BrokerProfile {
  name: string;
  role: ReturnType<typeof msg>;
  bio: ReturnType<typeof msg>;
  initials: string;
}

/** Sample profiles (not real people): replace with the brokers' own biographies and photos. */
export const BROKERS: { sample: true; items: BrokerProfile[] } = {
  sample: true,
  items: [
    {
      name: 'Alex Morgan',
      initials: 'AM',
      role: msg`Senior Domain Broker`,
      bio: msg`Sample profile. Twenty years of negotiating premium .com names for start-ups and brands.`,
    },
    {
      name: 'Li Wei',
      initials: 'LW',
      role: msg`Domain Broker, Mandarin and English`,
      bio: msg`Sample profile. Works with sellers in Asia and North America on one-word and short names.`,
    },
    {
      name: 'Sofia Ruiz',
      initials: 'SR',
      role: msg`Domain Broker, Spanish and English`,
      bio: msg`Sample profile. Prices portfolios and runs outbound campaigns to qualified buyers.`,
    },
  ],
};

/** Sample testimonials (not real customers' words): replace with real, consented quotes. */
export const TESTIMONIALS: { sample: true; items: { quote: ReturnType<typeof msg>; who: string }[] } = {
  sample: true,
  items: [
    {
      quote: msg`Sample testimonial: the broker priced my name honestly and kept me informed at each step.`,
      who: 'Sample seller',
    },
    {
      quote: msg`Sample testimonial: clear terms, no upfront fee, and a sale within the term.`,
      who: 'Sample seller',
    },
  ],
};

export interface NotableSale {
  domain: string;
  priceUsd: number;
  year: number;
}

/** Publicly reported sales, highest first. */
export const NOTABLE_SALES: NotableSale[] = [
  { domain: 'carinsurance.com', priceUsd: 49700000, year: 2010 },
  { domain: 'insurance.com', priceUsd: 35600000, year: 2010 },
  { domain: 'vacationrentals.com', priceUsd: 35000000, year: 2007 },
  { domain: 'privatejet.com', priceUsd: 30180000, year: 2012 },
  { domain: 'voice.com', priceUsd: 30000000, year: 2019 },
  { domain: 'internet.com', priceUsd: 18000000, year: 2009 },
  { domain: '360.com', priceUsd: 17000000, year: 2015 },
  { domain: 'insure.com', priceUsd: 16000000, year: 2009 },
  { domain: 'nfts.com', priceUsd: 15000000, year: 2022 },
  { domain: 'hotels.com', priceUsd: 11000000, year: 2001 },
  { domain: 'fund.com', priceUsd: 9999950, year: 2008 },
  { domain: 'shoes.com', priceUsd: 9000000, year: 2017 },
  { domain: 'business.com', priceUsd: 7500000, year: 1999 },
  { domain: 'diamond.com', priceUsd: 7500000, year: 2006 },
  { domain: 'beer.com', priceUsd: 7000000, year: 2004 },
  { domain: 'toys.com', priceUsd: 5100000, year: 2009 },
  { domain: 'clothes.com', priceUsd: 4900000, year: 2008 },
  { domain: 'whisky.com', priceUsd: 3100000, year: 2014 },
  { domain: 'vodka.com', priceUsd: 3000000, year: 2006 },
];
