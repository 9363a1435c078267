/**
 * The dashboard's rules as pure functions (docs/product.md "Buyer dashboard", "Lead status display";
 * decisions A11, A23, A24), tested on their own.
 */
import type { RoleType } from '@domain-broker/shared/roles';
import type { Lead } from '@domain-broker/shared/schemas/leads';

/** Which dashboard an account gets: staff and registrars have none yet (A23), investors are refused (A24). */
export type DashboardKind = 'buyer' | 'investor' | 'none';

const NO_BUYER_DASHBOARD: readonly RoleType[] = ['Admin', 'Consultant', 'Registrar'];

export function dashboardKind(
  roles: readonly RoleType[],
  userInterested: string | null | undefined,
): DashboardKind {
  if (roles.some((r) => NO_BUYER_DASHBOARD.includes(r))) return 'none';
  if (userInterested === 'Investor') return 'investor';
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
