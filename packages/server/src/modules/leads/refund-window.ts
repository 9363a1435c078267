/**
 * When a buyer may refund a purchase made in error (decision A31; docs/where-the-spec-is-silent.md
 * "Refund window"): within REFUND_WINDOW_DAYS of payment, and only until the broker's first step the
 * buyer can see. A buyer-visible step is any lead event of a type in BUYER_VISIBLE_EVENT_TYPES (later
 * issues add their types here), or a market analysis written on the lead.
 */
import type { LeadStatus } from '@domain-broker/shared/schemas/leads';

export const REFUND_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Lead event types that show the buyer the broker has started working (B4 names the later ones). */
export const BUYER_VISIBLE_EVENT_TYPES: readonly string[] = [
  'owner_contacted',
  'offer',
  'market_analysis',
  'sold',
  // Any other buyer-visible timeline step of the broker (modules/consultant/service.ts).
  'step',
];

/**
 * Until when the buyer may still refund, or null when they may not (not paid, closed, window over,
 * or the broker has shown work).
 */
export function buyerRefundableUntil(
  lead: { status: LeadStatus; paidAt: Date | null; marketAnalysis: string },
  brokerHasShownWork: boolean,
  now: Date,
): Date | null {
  if (lead.status !== 'new' || !lead.paidAt) return null;
  if (brokerHasShownWork || lead.marketAnalysis.trim() !== '') return null;
  const until = new Date(lead.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
  return until.getTime() > now.getTime() ? until : null;
}
