import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#portal/lib/api.ts';
import { detailFetchedAt, type RegistrarDetail } from '#portal/lib/registrar.ts';

export const registrarKey = (id: string) => ['registrar', id] as const;

/**
 * GET /api/registrars/{id}: the name, logo and website the landing page shows. Failures are the
 * caller's (an unknown id is not an error for the visitor: the page shows its generic form).
 */
export async function getRegistrar(registrarId: string): Promise<RegistrarDetail> {
  const answer = await apiRequest<RegistrarDetail>(`/registrars/${encodeURIComponent(registrarId)}`, {
    handle: 'none',
  });
  if (!answer.data) throw new Error('The registrar answer had no data');
  return answer.data;
}

let pending: { id: string; request: Promise<RegistrarDetail> } | null = null;

/** The start-up's request (features/registrar/start-up.ts): the landing page waits for it instead of asking again. */
export function startUpRegistrarRequest(registrarId: string): Promise<RegistrarDetail> {
  const request = getRegistrar(registrarId);
  pending = { id: registrarId, request };
  const settled = () => {
    if (pending?.request === request) pending = null;
  };
  request.then(settled, settled);
  return request;
}

/**
 * The details of `registrarId`, starting from the stored ones (lib/registrar.ts): those the start-up
 * fetched on this page load count as fresh, and a request the start-up still has running is waited
 * for, so the page does not ask again; those of an earlier visit show at once and are refreshed in the
 * background.
 */
export function useRegistrar(registrarId: string | null, stored?: RegistrarDetail) {
  return useQuery({
    queryKey: registrarKey(registrarId ?? ''),
    queryFn: () => {
      const id = registrarId as string;
      return pending?.id === id ? pending.request : getRegistrar(id);
    },
    enabled: registrarId !== null,
    initialData: stored,
    initialDataUpdatedAt: stored ? detailFetchedAt() : 0,
    staleTime: 5 * 60_000,
  });
}
