/**
 * The /sell page's editable content in one file (decision B15): broker profiles, testimonials and the
 * notable sales. Broker profiles and testimonials below are SAMPLES, marked as such on the page, to be
 * replaced by the real ones; no quote here is presented as a real customer's.
 *
 * Notable sales: publicly reported top-of-market domain sales (the public top-sales list, Apache-2.0,
 * decal/werdlists `dns-domains/domain-prices-top1k.csv`); sales made by other parties, shown as market
 * context, not as our own transactions.
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
  { domain: 'privatejet.com', priceUsd: 30180000, year: 2007 },
  { domain: '360.com', priceUsd: 17000000, year: 2015 },
  { domain: 'bonds.com', priceUsd: 15000000, year: 2014 },
  { domain: 'irs.com', priceUsd: 12500000, year: 2007 },
  { domain: 'hotels.com', priceUsd: 11000000, year: 2001 },
  { domain: 'cardratings.com', priceUsd: 10200000, year: 2008 },
  { domain: 'fund.com', priceUsd: 9999950, year: 2008 },
  { domain: 'fb.com', priceUsd: 8500000, year: 2010 },
  { domain: 'diamond.com', priceUsd: 7500000, year: 2006 },
  { domain: 'z.com', priceUsd: 6784000, year: 2014 },
  { domain: 'jd.com', priceUsd: 5243856, year: 2012 },
  { domain: 'asseenontv.com', priceUsd: 5000000, year: 2000 },
  { domain: 'korea.com', priceUsd: 5000000, year: 2000 },
  { domain: 'ig.com', priceUsd: 4700000, year: 2013 },
  { domain: 'giftcard.com', priceUsd: 4000000, year: 2012 },
  { domain: 'yp.com', priceUsd: 3850000, year: 2008 },
  { domain: 'mi.com', priceUsd: 3600000, year: 2014 },
  { domain: 'shop.com', priceUsd: 3500000, year: 2003 },
  { domain: 'freecreditcheck.com', priceUsd: 3500000, year: 2008 },
  { domain: 'game.com', priceUsd: 3400000, year: 2014 },
  { domain: 'wine.com', priceUsd: 3300000, year: 2003 },
  { domain: 'software.com', priceUsd: 3200000, year: 2005 },
  { domain: 'loans.com', priceUsd: 3000000, year: 2000 },
  { domain: 'wines.com', priceUsd: 2900000, year: 2004 },
  { domain: 'shopping.de', priceUsd: 2858945, year: 2009 },
  { domain: 'creditcards.com', priceUsd: 2750000, year: 2004 },
  { domain: 'social.com', priceUsd: 2600000, year: 2011 },
  { domain: 'investing.com', priceUsd: 2450000, year: 2012 },
  { domain: 'youxi.com', priceUsd: 2430000, year: 2014 },
  { domain: 'affiliateprogram.com', priceUsd: 2352950, year: 2008 },
];
