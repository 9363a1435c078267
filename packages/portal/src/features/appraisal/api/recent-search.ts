import type { RecentSearchItem } from '@domain-broker/shared/schemas/appraisal';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#portal/lib/api.ts';
import { useSession } from '#portal/lib/session.ts';

export interface RecentSearches {
  items: RecentSearchItem[];
  /** Today's remaining appraisals from the `X-Appraisal-Remaining` header; null = unlimited, undefined = not sent. */
  remaining: number | null | undefined;
  /** When today's allowance renews, from the `X-Appraisal-Renews-At` header (absent: unlimited or not sent). */
  renewsAt: string | undefined;
}

export function parseRemainingHeader(value: string | null): number | null | undefined {
  if (value === null) return undefined;
  if (value === 'unlimited') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** GET /recentSearch?userUID=: the session's history, or the device's guest history; newest first. */
export async function fetchRecentSearches(): Promise<RecentSearches> {
  const { token, profile } = useSession.getState();
  const answer = await apiRequest<RecentSearchItem[]>('/recentSearch', {
    query: { userUID: token ? profile?.UID : undefined },
    handle: 'page',
  });
  return {
    items: answer.data ?? [],
    remaining: parseRemainingHeader(answer.headers.get('X-Appraisal-Remaining')),
    renewsAt: answer.headers.get('X-Appraisal-Renews-At') ?? undefined,
  };
}

export const recentSearchKey = (who: string | null) => ['appraisal', 'recentSearch', who ?? 'guest'] as const;

export function useRecentSearches() {
  const who = useSession((s) => (s.token ? (s.profile?.UID ?? 'user') : null));
  return useQuery({ queryKey: recentSearchKey(who), queryFn: fetchRecentSearches, staleTime: 0 });
}
