import type { SessionData } from '@domain-broker/shared/api';
import { apiRequest } from '#portal/lib/api.ts';
import { SESSION_KEYS } from '#portal/lib/storage.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** GET /linkedinLogin: the provider's sign-in address and the state it will send back. */
export function linkedinStart() {
  return apiRequest<{ url: string; state: string }>('/linkedinLogin');
}

/** POST /linkedinLogin with what the provider sent back: 200 signs in, 201 a new account (password mailed). */
export function linkedinLogin(body: {
  code: string;
  state: string;
  roleType?: 'Buyer';
  registrarUID?: string;
  locale?: 'en' | 'zh';
}) {
  return apiRequest<SessionData>('/linkedinLogin', { method: 'POST', body, handle: 'none' });
}

/** Leaves for the provider (a seam for tests: jsdom cannot follow a cross-origin navigation). */
export const browser = { leave: (url: string) => window.location.assign(url) };

/** The state of the sign-in this tab started: a return with any other state is refused (login CSRF). */
export function rememberLinkedinState(state: string): void {
  try {
    sessionStorage.setItem(SESSION_KEYS.linkedinState, state);
  } catch {
    // storage blocked: the return is refused and the visitor signs in another way
  }
}

export function takeLinkedinState(): string | null {
  try {
    const state = sessionStorage.getItem(SESSION_KEYS.linkedinState);
    sessionStorage.removeItem(SESSION_KEYS.linkedinState);
    return state;
  } catch {
    return null;
  }
}

/**
 * 'Sign in with LinkedIn': asks for the provider's address, keeps the state in this tab and leaves. Once
 * the tab is leaving the call never settles, so the button stays busy until the page unloads (a second
 * click would start a second sign-in whose state replaces the first). A failure is the API client's toast.
 */
export function useLinkedinStart() {
  return useAction(async (): Promise<void> => {
    const answer = await linkedinStart();
    if (!answer.data) return;
    rememberLinkedinState(answer.data.state);
    browser.leave(answer.data.url);
    await new Promise<never>(() => {});
  });
}
