/**
 * The buy flow's rules as pure functions (docs/product.md "Buy flow", "Where sign-in goes"; decisions A9,
 * A13, A24), tested on their own.
 */
import { isLowBudget, offerAmountToCents } from '@domain-broker/shared/pricing';
import type { RoleType } from '@domain-broker/shared/roles';
import type { Lead } from '@domain-broker/shared/schemas/leads';

/** What a submitted domain + budget becomes. */
export type BuyOutcome = 'lead' | 'enquiry' | 'lowBudget';

/**
 * 500 USD or more is a lead (then /hire-consultant); less, or none, is a direct enquiry, except for a
 * visitor who came from a registrar, who gets the 'Insufficient Budget' window (A13).
 */
export function buyOutcome(offerAmount: string, cameFromRegistrar: boolean): BuyOutcome {
  const cents = offerAmount.trim() === '' ? undefined : offerAmountToCents(offerAmount);
  if (!isLowBudget(cents)) return 'lead';
  return cameFromRegistrar ? 'lowBudget' : 'enquiry';
}

/** Who may enter the buy flow: buyers only (A24). */
export type BuyerAccess = 'allowed' | 'investor' | 'notBuyer';

const NOT_BUYERS: readonly RoleType[] = ['Admin', 'Consultant', 'Registrar'];

export function buyerAccess(
  roles: readonly RoleType[],
  userInterested: string | null | undefined,
): BuyerAccess {
  if (roles.some((r) => NOT_BUYERS.includes(r))) return 'notBuyer';
  if (userInterested === 'Investor') return 'investor';
  return 'allowed';
}

/** A lead's initial fee was paid (a succeeded payment, or the server's paid time). */
export function isPaid(lead: Pick<Lead, 'payments' | 'paidAt' | 'status'>): boolean {
  return lead.paidAt !== null || lead.payments.some((p) => p.status === 'succeeded');
}

/** Lead states with nothing left for the buyer to continue. */
const ENDED: readonly Lead['status'][] = ['sold', 'refunded', 'canceled'];

export interface DestinationContext {
  access: BuyerAccess;
  /** /dashboard has a screen (the buyer dashboard arrives with a later issue). */
  dashboardExists: boolean;
  /** Where a sign-in goes when /dashboard is not there yet. */
  fallback: string;
}

export interface Destination {
  path: string;
  /** The sign-in was refused the buy pages: show this message (A24). */
  refused?: 'investor';
}

/**
 * Where a sign-in goes (docs/product.md "Where sign-in goes", decision A9), over the buyer's leads, newest
 * first (the first is the current one): no lead → dashboard; paid with the survey done → dashboard; paid
 * without it → /agent-details-questions; unpaid → /hire-consultant. A lead that has ended (sold, refunded,
 * canceled) leaves nothing to continue: dashboard. Investors never reach the dashboard or the hire flow;
 * staff and registrars signing in here have no buyer pages to go to. "Dashboard" means /dashboard once that
 * screen exists, until then `fallback`.
 */
export function destinationAfterSignIn(leads: readonly Lead[], ctx: DestinationContext): Destination {
  const dashboard = ctx.dashboardExists ? '/dashboard' : ctx.fallback;
  if (ctx.access === 'investor') return { path: ctx.fallback, refused: 'investor' };
  if (ctx.access === 'notBuyer') return { path: ctx.fallback };
  const current = leads[0];
  if (!current || ENDED.includes(current.status)) return { path: dashboard };
  if (!isPaid(current)) return { path: '/hire-consultant' };
  return { path: current.isSurveyCompleted ? dashboard : '/agent-details-questions' };
}
