import { SESSION_KEYS } from './storage.ts';

const listeners = new Set<() => void>();

/**
 * Starts a fresh appraisal (choosing Appraise in the menu, docs/product.md "Menu and overlays"): the page
 * state kept for this tab goes, and an appraisal page or store already loaded resets through its listener.
 * The shell calls this without loading the appraisal feature.
 */
export function resetAppraisal(): void {
  try {
    sessionStorage.removeItem(SESSION_KEYS.appraisalState);
  } catch {
    // storage blocked: the listeners still reset what is in memory
  }
  for (const listener of listeners) listener();
}

/** Called on every `resetAppraisal()`; returns the unsubscribe. */
export function onAppraisalReset(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
