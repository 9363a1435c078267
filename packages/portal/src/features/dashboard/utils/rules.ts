/**
 * The dashboard's rules as pure functions (docs/product.md "Buyer dashboard", "Lead status display";
 * decisions A11, A23, A24), tested on their own.
 */
import { isSellerOnly, type RoleType } from '@domain-broker/shared/roles';
import type { Lead } from '@domain-broker/shared/schemas/leads';

/**
 * What /dashboard shows an account the shell sends here (src/app/dashboard-route.tsx gives admins and
 * consultants the staff workspace and registrars their affiliate dashboard; decisions A11, A23, A24):
 * - 'investor': a buyer whose interest is Investor may not buy (A24): the refusal, and what they can do;
 * - 'seller': an account whose only role is Seller: the buyer dashboard once it follows a domain,
 *   until then what a seller can do (A23);
 * - 'buyer': everyone else, accounts without a role included.
 * The interest comes first: an investor cannot buy whatever their roles.
 */
export type DashboardKind = 'buyer' | 'investor' | 'seller';

export function dashboardKind(
  roles: readonly RoleType[],
  userInterested: string | null | undefined,
): DashboardKind {
  if (userInterested === 'Investor') return 'investor';
  if (isSellerOnly(roles)) return 'seller';
  return 'buyer';
}

/** How a lead's status is shown; 'progress' also stands for an empty or unknown status. */
export type StatusView = 'pending' | 'progress' | 'sold' | 'refunded' | 'canceled';

export function statusView(status: string | null | undefined): StatusView {
  const s = (status ?? '').toLowerCase();
  if (s === 'pending') return 'pending';
  if (s.includes('sold')) return 'sold';
  if (s.includes('refund')) return 'refunded';
  if (s.includes('cancel')) return 'canceled';
  return 'progress';
}

/** The list's filters: ALL, In Progress, SOLD (labelled Completed). */
export type LeadFilter = 'all' | 'progress' | 'sold';

export function filterLeads(leads: readonly Lead[], filter: LeadFilter): Lead[] {
  if (filter === 'all') return [...leads];
  return leads.filter((l) => statusView(l.status) === filter);
}

/**
 * A lead without a completed payment is pending and locked until checkout
 * (docs/product.md "Buyer dashboard").
 */
export function isLocked(lead: Pick<Lead, 'status' | 'paidAt' | 'payments'>): boolean {
  return (
    statusView(lead.status) === 'pending' &&
    lead.paidAt === null &&
    !lead.payments.some((p) => p.status === 'succeeded')
  );
}

/** A paid lead the broker is working on (status new): the one that takes alternate domains (decision A1). */
export function isOpenPaid(lead: Pick<Lead, 'status' | 'paidAt'>): boolean {
  return lead.status === 'new' && lead.paidAt !== null;
}
