/**
 * How the engine's figures are rounded and written: whole dollars, two significant figures from 100
 * up (the precision a price quote deserves). Everything that derives a figure from an appraisal (the
 * engine, a broker's manual value) rounds with these, so the figures of one answer agree.
 */

/** Rounds to two significant figures from 100 up, to whole dollars below (never under 1). */
export function roundQuote(v: number): number {
  if (v < 100) return Math.max(1, Math.round(v));
  const mag = 10 ** (Math.floor(Math.log10(v)) - 1);
  return Math.round(v / mag) * mag;
}

const usd = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** `$1,800,000`: the engine's formatted list price and the certificate's figures. */
export function formatUsd(v: number): string {
  return `$${usd.format(v)}`;
}

/**
 * What the List figure means. A broker asks more than the market value; when that puts the asking
 * price above the value range, the text says so, so the two figures never read as a contradiction.
 */
export function listPriceInfo(list: number, range: { high: number }): string {
  return list > range.high
    ? 'Suggested asking price for a retail listing: above the value range on purpose, to leave room to negotiate down into it'
    : 'Suggested asking price for a retail listing, with room to negotiate';
}
