import { apiRequest } from './api.ts';
import { navigate } from './navigation.ts';
import { useSession } from './session.ts';

/** Cleanups registered by lazily loaded modules (the query cache). */
export const onLogout = new Set<() => void>();

/**
 * Signs out: tells the server (best effort), forgets everything local except what the spec keeps, and
 * leaves the private screens.
 */
export async function logout(options: { callServer?: boolean; to?: string | null } = {}): Promise<void> {
  const { callServer = true, to = '/' } = options;
  if (callServer && useSession.getState().token) {
    await apiRequest('/logout', { handle: 'none' }).catch(() => undefined);
  }
  useSession.getState().clear();
  for (const hook of onLogout) hook();
  if (to) navigate(to);
}
