import type { UpdateProfileBody, UserProfile } from '@domain-broker/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#portal/lib/api.ts';
import { useSession } from '#portal/lib/session.ts';
import { myProfileKey } from './get-my-profile.ts';

/** PATCH /myProfile: answers `{ message, data: profile }`; the saved profile replaces the stored one. */
export function updateMyProfile(body: UpdateProfileBody) {
  return apiRequest<UserProfile>('/myProfile', { method: 'PATCH', body: { ...body } });
}

export function useUpdateMyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: (answer) => {
      // every avatar and name on the page (the header's too) reads the stored profile
      if (answer.data?.UID) {
        useSession.getState().setProfile(answer.data);
        client.setQueryData(myProfileKey, answer.data);
      }
      return client.invalidateQueries({ queryKey: myProfileKey });
    },
  });
}
