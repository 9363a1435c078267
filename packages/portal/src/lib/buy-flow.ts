/**
 * How every entry point starts the buy flow (docs/product.md "Buy flow"; decision A9), without importing the
 * buy feature: Get Started on the home page, Buy in the menu, 'Hire a broker for this domain' on an
 * appraisal, the registrar landing page's enquiry.
 *
 * - A signed-in visitor gets the domain + budget form at once.
 * - A guest gets the sign-in window; the action waits in sessionStorage with what they had typed and
 *   runs once a session exists, however it came (sign-in, sign-up and verification, Google).
 * - Without a waiting action, the sign-in screen asks `signInDestination()` where to go: the lead-based
 *   routing of docs/product.md "Where sign-in goes", which the buy feature computes (the shell registers it,
 *   see `registerBuyFlow`).
 */
import { effectiveRoles } from '@domain-broker/shared/roles';
import { openLoginWindow } from './open-login.ts';
import { type BuyPrefill, openOverlay } from './overlays.ts';
import { afterSignInPath } from './screens.ts';
import { isSignedIn, takeSignInContinuation, useSession } from './session.ts';
import { readString, SESSION_KEYS, STORAGE_KEYS } from './storage.ts';

/** An action that needs a session. */
export type PendingBuyAction =
  /** Open the domain + budget form with these values. */
  | { kind: 'buy'; prefill: BuyPrefill }
  /** The registrar landing-page enquiry was sent: after verification, continue with its domain and budget. */
  | { kind: 'enquiry'; domainName: string; offerAmount: string }
  /** The server's `next` after a sign-up that carried a domain: pay for the lead it made. */
  | { kind: 'checkout' }
  /** The server's `next` for a registrar's visitor under 500 USD: 'Insufficient Budget'. */
  | { kind: 'lowBudget'; domainName: string };

export interface BuyFlowHandlers {
  /** Runs an action that was waiting for the session. */
  replay: (action: PendingBuyAction) => Promise<void>;
  /** Where a sign-in that no action started goes (docs/product.md "Where sign-in goes"). */
  destination: () => Promise<string>;
}

let handlers: BuyFlowHandlers | null = null;
/** The waiting action the latest sign-in ran, while it runs (then the sign-in screen does not route by leads). */
let actionRun: Promise<void> | null = null;

/** The shell hands in the buy feature's handlers (loaded when first called). */
export function registerBuyFlow(next: BuyFlowHandlers): void {
  handlers = next;
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * How long an action waits. Closing the sign-in window does not forget it (the visitor may go on to
 * the sign-up screen and verify from there), so an action nobody signed in for goes stale instead.
 */
export const PENDING_BUY_TTL_MS = 30 * 60_000;

export function setPendingBuyAction(action: PendingBuyAction | null): void {
  const s = sessionStore();
  if (!s) return;
  try {
    if (action) s.setItem(SESSION_KEYS.pendingBuy, JSON.stringify({ ...action, at: Date.now() }));
    else s.removeItem(SESSION_KEYS.pendingBuy);
  } catch {
    // storage blocked: the action is lost, the visitor starts it again
  }
}

function isPending(value: unknown): value is PendingBuyAction {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  if (a.kind === 'buy') return typeof a.prefill === 'object' && a.prefill !== null;
  if (a.kind === 'checkout') return true;
  if (a.kind === 'lowBudget') return typeof a.domainName === 'string';
  return a.kind === 'enquiry' && typeof a.domainName === 'string' && typeof a.offerAmount === 'string';
}

/** The waiting action, removed from storage (it runs once). */
export function takePendingBuyAction(): PendingBuyAction | null {
  const raw = sessionStore()?.getItem(SESSION_KEYS.pendingBuy) ?? null;
  setPendingBuyAction(null);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isPending(value)) return null;
    const at = (value as { at?: unknown }).at;
    if (typeof at !== 'number' || Date.now() - at > PENDING_BUY_TTL_MS) return null;
    const { at: _at, ...action } = value as PendingBuyAction & { at: number };
    return action as PendingBuyAction;
  } catch {
    return null;
  }
}

/** Opens the domain + budget form, or, for a guest, the sign-in window with the form waiting behind it. */
export function startBuyFlow(prefill: BuyPrefill = {}): void {
  if (isSignedIn()) {
    openOverlay('buyForm', prefill);
    return;
  }
  setPendingBuyAction({ kind: 'buy', prefill });
  openLoginWindow();
}

/**
 * What the server's answer says comes next (a sign-up's domain became a lead, or its budget was too
 * low for a registrar's visitor). The stored domain is read here, before the sign-in forgets it.
 */
function fromContinuation(): PendingBuyAction | null {
  const next = takeSignInContinuation()?.next;
  if (next === 'hire-consultant') return { kind: 'checkout' };
  if (next === 'insufficient-budget')
    return { kind: 'lowBudget', domainName: readString(STORAGE_KEYS.domainName) ?? '' };
  return null;
}

/**
 * Runs the waiting action when a session begins (sign-in, sign-up with verification, Google); without
 * one, what the server's answer says comes next.
 */
function runPendingOnSignIn(): void {
  const action = takePendingBuyAction() ?? fromContinuation();
  actionRun = action && handlers ? handlers.replay(action).catch(() => undefined) : null;
}

useSession.subscribe((state, previous) => {
  if (state.token !== null && previous.token === null) runPendingOnSignIn();
});

/**
 * Where the sign-in screen goes: when the sign-in ran a waiting action, nowhere new once the action
 * has left the sign-in screen (else the usual page); without one, the lead-based routing; the plain
 * after-sign-in page when the buy feature is not there.
 */
export async function signInDestination(): Promise<string | null> {
  // a registrar lands on their affiliate dashboard (decision A10)
  if (!actionRun && effectiveRoles(useSession.getState().profile?.roles).includes('Registrar'))
    return '/dashboard';
  if (actionRun) {
    await actionRun;
    return location.pathname === '/login' ? afterSignInPath() : null;
  }
  if (!handlers) return afterSignInPath();
  try {
    return await handlers.destination();
  } catch {
    return afterSignInPath();
  }
}
