/**
 * Every price the product states or charges, in one place (product decisions A3, A13, A17, A19, A20;
 * docs/where-the-spec-is-silent.md "Prices"). The server charges from it, the portal, the widget frame,
 * the terms and the FAQ print from it, so no two pages can ever disagree.
 *
 * Money is integer US cents everywhere inside the product. Only the wire keeps the spec's forms
 * (B6): `amountPaid` is the number 19.95 and `offerAmount` a string of dollars, converted at the edge
 * with the helpers below. No dependencies: the widget frame bundles this file too.
 */

/** Integer US cents. */
export type Cents = number;

/** The one-time initial fee that hires a broker (19.95 USD). */
export const INITIAL_FEE_CENTS: Cents = 1995;

/** A written appraisal, stated as "from 299 USD" everywhere (A3). */
export const WRITTEN_APPRAISAL_FROM_CENTS: Cents = 29_900;

/**
 * An offer below this (or none) is not a paid lead: a direct enquiry, or the 'Insufficient Budget'
 * window for a registrar's visitor (A13).
 */
export const LOW_BUDGET_BELOW_CENTS: Cents = 50_000;

/** The budget field's hint: "Suggested minimum: 2,000 USD" (A13). */
export const SUGGESTED_MINIMUM_BUDGET_CENTS: Cents = 200_000;

/** A buyer who came through a registrar pays this share on top of the negotiated price (A19). */
export const REGISTRAR_REFERRED_COMMISSION_PERCENT = 20;

/** A direct buyer pays the greater of a share of the price and a minimum (A19, A17). */
export const DIRECT_COMMISSION = {
  percent: 15,
  minimumCents: 25_000,
  socialHandleMinimumCents: 100_000,
} as const;

/** The seller agreement: the greater of 15% of the sale price or 250 USD. */
export const SELLER_COMMISSION = { percent: 15, minimumCents: 25_000 } as const;

/**
 * What a registrar earns on the customers it refers (A20), as whole percentages (0 to 100):
 * `percentage` of each paid referred lead's initial fee, `commissionPercentage` of our commission on
 * each sold referred lead. These are the defaults; an admin sets them per registrar.
 */
export const REGISTRAR_SHARE_DEFAULTS = { percentage: 20, commissionPercentage: 20 } as const;

/** How the buyer reached us: the commission rule depends on it (A19). */
export type Channel = 'registrar' | 'direct';
/** Leads are domains only today; handles carry a higher minimum (A17). */
export type AssetKind = 'domain' | 'social-handle';

/** `percent` % of `cents`, rounded half up to a whole cent. */
export function percentOf(cents: Cents, percent: number): Cents {
  assertCents(cents);
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`not a percentage: ${percent}`);
  return Math.round((cents * percent) / 100);
}

export interface Commission {
  cents: Cents;
  /** Which rule set the amount: the percentage, or the minimum because the percentage was lower. */
  rule: 'percent' | 'minimum';
  percent: number;
  minimumCents: Cents;
}

/**
 * The buyer's success commission on a negotiated price (A19): 20% on top for a registrar-referred
 * buyer; for a direct buyer the greater of 15% and 250 USD (1,000 USD for social-media handles).
 */
export function buyerCommission(priceCents: Cents, channel: Channel, kind: AssetKind = 'domain'): Commission {
  if (channel === 'registrar') {
    return {
      cents: percentOf(priceCents, REGISTRAR_REFERRED_COMMISSION_PERCENT),
      rule: 'percent',
      percent: REGISTRAR_REFERRED_COMMISSION_PERCENT,
      minimumCents: 0,
    };
  }
  const minimumCents =
    kind === 'social-handle' ? DIRECT_COMMISSION.socialHandleMinimumCents : DIRECT_COMMISSION.minimumCents;
  return greaterOf(priceCents, DIRECT_COMMISSION.percent, minimumCents);
}

/** The seller's commission on a sale price: the greater of 15% and 250 USD. */
export function sellerCommission(priceCents: Cents): Commission {
  return greaterOf(priceCents, SELLER_COMMISSION.percent, SELLER_COMMISSION.minimumCents);
}

function greaterOf(priceCents: Cents, percent: number, minimumCents: Cents): Commission {
  const share = percentOf(priceCents, percent);
  return share >= minimumCents
    ? { cents: share, rule: 'percent', percent, minimumCents }
    : { cents: minimumCents, rule: 'minimum', percent, minimumCents };
}

/** The registrar's share of one paid referred lead's initial fee (A20). */
export function registrarFeeShare(
  percentage: number = REGISTRAR_SHARE_DEFAULTS.percentage,
  feeCents: Cents = INITIAL_FEE_CENTS,
): Cents {
  return percentOf(feeCents, percentage);
}

/** The registrar's share of our commission on one sold referred lead (A20). */
export function registrarCommissionShare(
  commissionCents: Cents,
  commissionPercentage: number = REGISTRAR_SHARE_DEFAULTS.commissionPercentage,
): Cents {
  return percentOf(commissionCents, commissionPercentage);
}

/** True when an offer (or no offer) is below the paid-lead threshold (A13). */
export function isLowBudget(offerCents: Cents | null | undefined): boolean {
  return offerCents === null || offerCents === undefined || offerCents < LOW_BUDGET_BELOW_CENTS;
}

// ---------------------------------------------------------------------------------------------------
// Money on the wire and in texts

function assertCents(cents: Cents): void {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
}

/** Dollars (a number such as 19.95 or 1500) to cents; undefined when it is not a non-negative amount. */
export function usdToCents(usd: number): Cents | undefined {
  if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) return undefined;
  const cents = Math.round(usd * 100);
  // Refuse fractions of a cent (19.955) rather than round money someone typed.
  if (Math.abs(cents - usd * 100) > 1e-6 * Math.max(1, usd)) return undefined;
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Cents to the dollars number the wire uses for `amountPaid` (1995 → 19.95). */
export function centsToUsd(cents: Cents): number {
  assertCents(cents);
  return cents / 100;
}

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * An `offerAmount` as the wire carries it ("1500", "1500.5", " 2000.00 ") to cents; undefined when it
 * is empty or not a plain non-negative amount with at most two decimals.
 */
export function offerAmountToCents(offerAmount: string | number): Cents | undefined {
  if (typeof offerAmount === 'number') return usdToCents(offerAmount);
  const m = DECIMAL.exec(offerAmount.trim());
  if (!m) return undefined;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** Cents to the `offerAmount` string of the wire: whole dollars without decimals ("1500"), else two ("1500.50"). */
export function centsToOfferAmount(cents: Cents): string {
  assertCents(cents);
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(dollars) : `${dollars}.${String(rest).padStart(2, '0')}`;
}

/**
 * An amount as the product's texts print it before "USD": thousands grouped with commas, cents shown
 * only when there are any ("19.95", "299", "2,000", "1,000"). The same in every language, so a
 * translated sentence carries the same figure.
 */
export function formatUsd(cents: Cents): string {
  assertCents(cents);
  const dollars = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = cents % 100;
  return rest === 0 ? dollars : `${dollars}.${String(rest).padStart(2, '0')}`;
}

/**
 * The figures as the texts print them (the words around them are each page's, translated). A page
 * binds the ones it needs to local names so its messages read `{fee} USD`, `{commissionPercent}`.
 */
export const PRICE_TEXT = {
  /** "19.95" */
  initialFee: formatUsd(INITIAL_FEE_CENTS),
  /** "299" (A3: always "from") */
  writtenAppraisalFrom: formatUsd(WRITTEN_APPRAISAL_FROM_CENTS),
  /** "500" */
  lowBudgetBelow: formatUsd(LOW_BUDGET_BELOW_CENTS),
  /** "2,000" */
  suggestedMinimumBudget: formatUsd(SUGGESTED_MINIMUM_BUDGET_CENTS),
  /** "20%" */
  registrarCommissionPercent: `${REGISTRAR_REFERRED_COMMISSION_PERCENT}%`,
  /** "15%" */
  directCommissionPercent: `${DIRECT_COMMISSION.percent}%`,
  /** "250" */
  directCommissionMinimum: formatUsd(DIRECT_COMMISSION.minimumCents),
  /** "1,000" */
  socialHandleMinimum: formatUsd(DIRECT_COMMISSION.socialHandleMinimumCents),
  /** "15%" */
  sellerCommissionPercent: `${SELLER_COMMISSION.percent}%`,
  /** "250" */
  sellerCommissionMinimum: formatUsd(SELLER_COMMISSION.minimumCents),
} as const;
