import a1 from './avatars/agent-1.svg';
import a2 from './avatars/agent-2.svg';
import a3 from './avatars/agent-3.svg';
import a4 from './avatars/agent-4.svg';

/** Illustrated broker avatars shipped with the frame (same-origin files, allowed by img-src 'self'). */
export const AVATARS: readonly string[] = [a1, a2, a3, a4];

/** One avatar per page load; `random` is injectable for tests. */
export function pickAvatar(random: () => number = Math.random): string {
  return AVATARS[Math.floor(random() * AVATARS.length) % AVATARS.length] as string;
}
