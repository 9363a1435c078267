/** A lead's states: pending (unpaid) → new (paid, In Progress) → sold | refunded | canceled. */
export const LEAD_STATUSES = ['pending', 'new', 'sold', 'refunded', 'canceled'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
