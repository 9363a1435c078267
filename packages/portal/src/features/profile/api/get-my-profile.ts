import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#portal/lib/api.ts';
import { useSession } from '#portal/lib/session.ts';
import { STORAGE_KEYS, writeString } from '#portal/lib/storage.ts';

export const myProfileKey = ['myProfile'] as const;

/** GET /myProfile; the answer is also stored locally (`myProfile`) for the shell. */
export async function getMyProfile(): Promise<UserProfile> {
  const answer = await apiRequest<UserProfile>('/myProfile');
  if (!answer.data) throw new Error('The profile answer had no data');
  useSession.getState().setProfile(answer.data);
  writeString(STORAGE_KEYS.lastProfileFetch, String(Date.now()));
  return answer.data;
}

export function useMyProfile() {
  const stored = useSession((s) => s.profile);
  return useQuery({ queryKey: myProfileKey, queryFn: getMyProfile, placeholderData: stored ?? undefined });
}
