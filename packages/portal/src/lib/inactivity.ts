import { INACTIVITY_LOGOUT_MS } from '@domain-broker/shared/constants';
import { readString, STORAGE_KEYS, writeString } from './storage.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;
const WRITE_EVERY_MS = 15_000;
const CHECK_EVERY_MS = 30_000;

export function lastActivity(): number {
  const raw = Number(readString(STORAGE_KEYS.lastActivity));
  return Number.isFinite(raw) && raw > 0 ? raw : 0;
}

export function markActivity(now = Date.now()): void {
  writeString(STORAGE_KEYS.lastActivity, String(now));
}

/** True once the last activity (in any tab: the timestamp is in localStorage) is 60 minutes old. */
export function isIdle(now = Date.now(), limit = INACTIVITY_LOGOUT_MS): boolean {
  const last = lastActivity();
  return last > 0 && now - last >= limit;
}

/**
 * Watches activity while a session exists. After 60 minutes without any (counted across tabs), calls
 * `onIdle` (the shell logs out and reloads). Returns the stop function.
 */
export function watchInactivity(options: {
  hasSession: () => boolean;
  onIdle: () => void;
  limit?: number;
}): () => void {
  const { hasSession, onIdle, limit = INACTIVITY_LOGOUT_MS } = options;
  let lastWrite = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - lastWrite < WRITE_EVERY_MS) return;
    lastWrite = now;
    markActivity(now);
  };
  const check = () => {
    if (hasSession() && isIdle(Date.now(), limit)) {
      stop();
      onIdle();
    }
  };
  // a session restored after a long pause counts from its stored timestamp; a fresh one from now
  if (hasSession() && lastActivity() === 0) markActivity();
  for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
  document.addEventListener('visibilitychange', check);
  const timer = window.setInterval(check, CHECK_EVERY_MS);
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', check);
    for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
  }
  check();
  return stop;
}
