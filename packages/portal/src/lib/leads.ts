import type { Lead } from '@domain-broker/shared/schemas/leads';
import { useEffect } from 'react';
import { create } from 'zustand';
import { apiRequest } from './api.ts';
import { onLogout } from './logout.ts';
import { useSession } from './session.ts';

/**
 * The buyer's leads (GET /getMyLeads, newest first): the first is the current lead
 * (docs/product.md "Where sign-in goes"). The checkout and the page after payment share this cache and
 * replace the current lead in it when a payment or a refund answers with the new one
 * (docs/product.md "Payment").
 *
 * A small store rather than TanStack Query, like the public configuration: /hire-consultant must load
 * within 100 KB and the query library alone is 11 KB of it (docs/decisions/032-checkout-first-load.md).
 */
type LeadsStatus = 'idle' | 'loading' | 'ready' | 'error';
export const useLeadsStore = create<{ leads: Lead[] | null; status: LeadsStatus }>(() => ({
  leads: null,
  status: 'idle',
}));

export async function getMyLeads(): Promise<Lead[]> {
  const answer = await apiRequest<Lead[]>('/getMyLeads', { handle: 'page' });
  return Array.isArray(answer.data) ? answer.data : [];
}

let inflight: Promise<void> | null = null;
let generation = 0;

/** Asks the server again; the leads already shown stay on screen meanwhile. */
export function loadMyLeads(): Promise<void> {
  if (inflight) return inflight;
  const mine = generation;
  useLeadsStore.setState((s) => ({ status: s.leads ? s.status : 'loading' }));
  inflight = getMyLeads()
    .then((leads) => {
      if (mine === generation) useLeadsStore.setState({ leads, status: 'ready' });
    })
    .catch(() => {
      if (mine === generation) useLeadsStore.setState((s) => ({ status: s.leads ? 'ready' : 'error' }));
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** Forgets the cached leads (logout, another account, tests). */
export function resetMyLeads(): void {
  generation += 1;
  inflight = null;
  useLeadsStore.setState({ leads: null, status: 'idle' });
}
onLogout.add(resetMyLeads);
useSession.subscribe((now, before) => {
  if (now.token !== before.token) resetMyLeads();
});

/** The leads, fetched fresh each time a screen that shows them mounts. */
export function useMyLeads() {
  const leads = useLeadsStore((s) => s.leads);
  const status = useLeadsStore((s) => s.status);
  useEffect(() => {
    void loadMyLeads();
  }, []);
  return {
    data: leads ?? undefined,
    isPending: status === 'idle' || status === 'loading',
    isError: status === 'error',
    refetch: loadMyLeads,
  };
}

/** The current lead: the first of the list, or null when there is none. */
export function currentLead(leads: readonly Lead[] | undefined): Lead | null {
  return leads?.[0] ?? null;
}

/** Puts the server's newer copy of a lead in place of the cached one (first when it was not there). */
export function replaceLead(lead: Lead): void {
  useLeadsStore.setState((s) => {
    const leads = s.leads ?? [];
    const at = leads.findIndex((l) => l.UID === lead.UID);
    return {
      leads: at < 0 ? [lead, ...leads] : leads.map((l, i) => (i === at ? lead : l)),
      status: 'ready',
    };
  });
}

/** Whether the buyer may still refund a purchase made in error (decision A31): until `refundableUntil`. */
export function isRefundable(
  lead: Pick<Lead, 'status' | 'refundableUntil'>,
  now: number = Date.now(),
): boolean {
  if (lead.status !== 'new' || !lead.refundableUntil) return false;
  const until = Date.parse(lead.refundableUntil);
  return Number.isFinite(until) && until > now;
}
