import { effectiveRoles } from '@domain-broker/shared/roles';
import { ApiError } from '#portal/lib/api.ts';
import { type RegistrarDetail, useRegistrarDetail, useRegistrarUid } from '#portal/lib/registrar.ts';
import { useSession } from '#portal/lib/session.ts';
import { useRegistrar } from '../api/get-registrar.ts';

export type LandingRegistrar =
  /** No registrar known, or an unknown one: the generic landing page without a logo. */
  | { state: 'none'; registrarUID: string | null }
  | { state: 'loading'; registrarUID: string }
  | { state: 'ready'; registrarUID: string; detail: RegistrarDetail }
  /** The details could not be loaded (server unreachable): generic page with a retry. */
  | { state: 'error'; registrarUID: string; retry: () => void };

/**
 * Whose landing page this is: a registrar-role user sees their own registrar (and their shareable link);
 * a visitor sees the registrar they came from (the stored `registrarUID`, details from `registrarDetail`).
 */
export function useLandingRegistrar(): LandingRegistrar & { ownRegistrar: boolean } {
  const signedIn = useSession((s) => s.token !== null);
  const profile = useSession((s) => s.profile);
  const isRegistrarUser = signedIn && effectiveRoles(profile?.roles).includes('Registrar');
  const own = isRegistrarUser && profile?.registrarUID ? profile.registrarUID : null;
  const storedUid = useRegistrarUid();
  const stored = useRegistrarDetail();
  const registrarUID = own ?? storedUid;
  const query = useRegistrar(registrarUID, stored && stored.UID === registrarUID ? stored : undefined);
  const ownRegistrar = own !== null;
  if (!registrarUID) return { state: 'none', registrarUID: null, ownRegistrar };
  if (query.data) return { state: 'ready', registrarUID, detail: query.data, ownRegistrar };
  if (query.isError) {
    const unknown = query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500;
    if (unknown) return { state: 'none', registrarUID, ownRegistrar };
    return { state: 'error', registrarUID, retry: () => void query.refetch(), ownRegistrar };
  }
  return { state: 'loading', registrarUID, ownRegistrar };
}
