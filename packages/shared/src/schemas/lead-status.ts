import { PHONE_CONTACTS } from '../roles.ts';

/** A lead's states: pending (unpaid) → new (paid, In Progress) → sold | refunded | canceled. */
export const LEAD_STATUSES = ['pending', 'new', 'sold', 'refunded', 'canceled'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** A buyer has at most one lead in these states (decision A12). */
export const OPEN_LEAD_STATUSES = ['pending', 'new'] as const satisfies readonly LeadStatus[];

/**
 * Whether a lead is open and asks to be reached by phone (Phone or PhoneText), so its buyer needs a
 * phone (decision A30): the server then refuses to remove the phone from the profile, and the portal
 * asks a buyer who has none for it after sign-in. The server's query (`openLeadPrefersPhone`) reads the
 * same two lists.
 */
export function leadWantsPhone(lead: { status: string; preferredContact: string | null }): boolean {
  return (
    (OPEN_LEAD_STATUSES as readonly string[]).includes(lead.status) &&
    (PHONE_CONTACTS as readonly (string | null)[]).includes(lead.preferredContact)
  );
}
