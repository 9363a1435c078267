import type { UpdateProfileBody } from '@domain-broker/shared/schemas/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { myProfileKey } from './get-my-profile.ts';

/** PATCH /myProfile: answers `{ message }`; the profile is fetched again afterwards. */
export function updateMyProfile(body: UpdateProfileBody) {
  return apiRequest('/myProfile', { method: 'PATCH', body: { ...body } });
}

export function useUpdateMyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: myProfileKey }),
  });
}
