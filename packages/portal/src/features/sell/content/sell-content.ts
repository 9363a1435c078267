/**
 * The /sell page's notable sales. Broker profiles and testimonials live in the public pages' one content
 * file, src/components/public-content/content.ts (decision B15), which the home page reads too.
 *
 * Notable sales: a short list of top-of-market domain sales that were widely reported in the press when
 * they happened, written here by hand (no data set is copied into the product); sales made by other
 * parties, shown as market context, not as our own transactions.
 */
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
