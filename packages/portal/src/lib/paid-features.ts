/**
 * The paid account (docs/product.md "Upgrade popup"; decision A11): a buyer who paid the
 * initial fee for a lead that was not refunded or canceled gets the paid features (alternate domains,
 * the e-book, 20 appraisals a day). Any feature that meets an unpaid buyer at one of them opens the
 * upgrade popup through `offerUpgrade`, without importing another feature.
 */
import { effectiveRoles } from '@domain-broker/shared/roles';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { getMyLeads, useLeadsStore } from './leads.ts';
import { openOverlay } from './overlays.ts';
import { useSession } from './session.ts';

/** The server's rule (modules/leads/service.ts `hasPaidLead`): paid, and open or sold. */
export function hasPaidLead(leads: readonly Pick<Lead, 'status' | 'paidAt'>[]): boolean {
  return leads.some((l) => (l.status === 'new' || l.status === 'sold') && l.paidAt !== null);
}

/** The upgrade popup ('Upgrade Your Account To Access This Feature'). */
export function openUpgrade(): void {
  openOverlay('upgrade');
}

/** Staff, registrars and investors cannot hire a broker: the popup would offer them nothing. */
function canUpgrade(): boolean {
  const profile = useSession.getState().profile;
  const roles = effectiveRoles(profile?.roles);
  if (roles.some((r) => r === 'Admin' || r === 'Consultant' || r === 'Registrar')) return false;
  return profile?.userInterested !== 'Investor';
}

/**
 * Whether the signed-in buyer would be offered the upgrade: a buyer (not staff, a registrar or an
 * investor) without a paid lead. The leads are those already loaded when there are some, else asked
 * for; when they cannot be read, no.
 */
export async function mayUpgrade(): Promise<boolean> {
  if (useSession.getState().token === null || !canUpgrade()) return false;
  let leads = useLeadsStore.getState().leads;
  if (!leads) {
    try {
      leads = await getMyLeads();
    } catch {
      return false;
    }
  }
  return !hasPaidLead(leads);
}

/**
 * For a signed-in buyer who reached a paid feature's limit (the appraisal's daily limit): opens the
 * upgrade popup unless they may not upgrade (see `mayUpgrade`). Answers whether it opened.
 */
export async function offerUpgrade(): Promise<boolean> {
  if (!(await mayUpgrade())) return false;
  openUpgrade();
  return true;
}
