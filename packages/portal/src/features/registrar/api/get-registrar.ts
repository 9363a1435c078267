import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { RegistrarDetail } from '../hooks/registrar-detail.ts';

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

export function useRegistrar(registrarId: string | null, initialData?: RegistrarDetail) {
  return useQuery({
    queryKey: registrarKey(registrarId ?? ''),
    queryFn: () => getRegistrar(registrarId as string),
    enabled: registrarId !== null,
    initialData,
    // the stored details show at once; they are refreshed in the background
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
}
