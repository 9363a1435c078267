import type { UpdateProfileBody, UserProfile } from '@domain-broker/shared/schemas/profile';
import { useLingui } from '@lingui/react/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '#portal/lib/api.ts';
import { apiRequest } from '#portal/lib/api.ts';
import { messageText } from '#portal/lib/messages.ts';
import { useSession } from '#portal/lib/session.ts';
import { type ServerErrorTarget, useWrite } from '#portal/lib/write.ts';
import { myProfileKey } from './get-my-profile.ts';

/** PATCH /myProfile: answers `{ message, data: profile }`; the saved profile replaces the stored one. */
export function updateMyProfile(body: UpdateProfileBody) {
  return apiRequest<UserProfile>('/myProfile', { method: 'PATCH', body: { ...body } });
}

/** Every avatar and name on the page (the header's too) reads the stored profile: the saved one replaces it. */
export function storeProfile(client: QueryClient, answer: ApiAnswer<UserProfile>) {
  if (answer.data?.UID) {
    useSession.getState().setProfile(answer.data);
    client.setQueryData(myProfileKey, answer.data);
  }
  return client.invalidateQueries({ queryKey: myProfileKey });
}

/** The save toast: the server's message, translated, or 'Your profile is saved.'. */
export function useProfileSaved() {
  const { t, i18n } = useLingui();
  return (answer: ApiAnswer<UserProfile>) => messageText(answer, i18n) || t`Your profile is saved.`;
}

/** Saves the profile form (the profile page and the window that asks a Google user for a phone). */
export function useUpdateMyProfile(form?: ServerErrorTarget) {
  const saved = useProfileSaved();
  return useWrite(updateMyProfile, { success: saved, refresh: storeProfile, form });
}
