/**
 * The buyer's brokerage agreement over time (docs/product.md "Agreement lifecycle",
 * decision B2: the one agreement-dates module). Server and portal both ask it.
 *
 * - The initial term starts on the payment date and runs BUYER_TERM_DAYS, or until the buyer holds the
 *   domain (the sale), whichever comes first.
 * - A holdover follows for as long as the buyer wants the service.
 * - The buyer may stop: asked during the term, the service ends when the term does; asked in holdover,
 *   it ends at once.
 * - Our commission stays due for COMMISSION_TAIL_MONTHS after the last communication on the buyer's
 *   behalf (the tail).
 */
import { BUYER_TERM_DAYS, COMMISSION_TAIL_MONTHS } from './constants.ts';

export type AgreementPhase = 'term' | 'holdover' | 'ended';

export interface AgreementInput {
  paidAt: Date | string | null;
  /** When the buyer came to hold the domain (the lead was sold). */
  soldAt?: Date | string | null;
  /** When the lead was closed otherwise (canceled, declined, refunded). */
  closedAt?: Date | string | null;
  /** When the buyer asked to stop the service. */
  stopRequestedAt?: Date | string | null;
  /** The last communication on the buyer's behalf (a buyer-visible step of the negotiation). */
  lastOnBehalfAt?: Date | string | null;
}

export interface Agreement {
  start: Date;
  /** The end of the initial term: 120 days after payment, or the sale if earlier. */
  termEnd: Date;
  phase: AgreementPhase;
  /** When the service ended or will end because the buyer asked to stop; null while it runs on. */
  serviceEnd: Date | null;
  /** Until when our commission stays due: six months after the last communication on the buyer's behalf. */
  tailEnd: Date | null;
  /** Whether the buyer may ask to stop the service now. */
  canStop: boolean;
}

const DAY_MS = 86_400_000;

function toDate(x: Date | string | null | undefined): Date | null {
  if (x === null || x === undefined) return null;
  const d = x instanceof Date ? x : new Date(x);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `months` calendar months after `d`, clamped to the last day of a shorter month (31 Aug + 6 → 28/29 Feb). */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  const day = r.getUTCDate();
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + months);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, last));
  return r;
}

/**
 * The agreement's initial term of a paid lead: it starts on the payment date and ends BUYER_TERM_DAYS
 * later, or at the sale if that comes first; null for an unpaid lead. It depends on no clock, so a
 * screen that shows only the dates (the buyer dashboard's lead card) asks this.
 */
export function agreementTerm(
  input: Pick<AgreementInput, 'paidAt' | 'soldAt'>,
): Pick<Agreement, 'start' | 'termEnd'> | null {
  const start = toDate(input.paidAt);
  if (!start) return null;
  const soldAt = toDate(input.soldAt);
  const fullTerm = new Date(start.getTime() + BUYER_TERM_DAYS * DAY_MS);
  // A sale dated on the day of payment may carry an earlier hour: the term never ends before it starts.
  const termEnd = soldAt && soldAt < fullTerm ? (soldAt < start ? start : soldAt) : fullTerm;
  return { start, termEnd };
}

/** The agreement of a paid lead at `now`; null for an unpaid lead. */
export function agreementOf(input: AgreementInput, now: Date = new Date()): Agreement | null {
  const term = agreementTerm(input);
  if (!term) return null;
  const { start, termEnd } = term;
  const soldAt = toDate(input.soldAt);
  const closedAt = toDate(input.closedAt);
  const stopAt = toDate(input.stopRequestedAt);

  let serviceEnd: Date | null = null;
  if (soldAt) serviceEnd = soldAt;
  else if (closedAt) serviceEnd = closedAt;
  else if (stopAt) serviceEnd = stopAt > termEnd ? stopAt : termEnd;

  const phase: AgreementPhase =
    serviceEnd && serviceEnd <= now ? 'ended' : now < termEnd ? 'term' : 'holdover';
  const lastOnBehalf = toDate(input.lastOnBehalfAt);
  const tailEnd = lastOnBehalf ? addMonths(lastOnBehalf, COMMISSION_TAIL_MONTHS) : null;
  const canStop = phase !== 'ended' && !stopAt && !soldAt && !closedAt;
  return { start, termEnd, phase, serviceEnd, tailEnd, canStop };
}
