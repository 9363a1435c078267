import { apiRequest } from '#portal/lib/api.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** PATCH /changePassword (signed in). The server ends every session of the account afterwards. */
export function changePassword(body: { oldPassword: string; password: string; confirmPassword: string }) {
  return apiRequest('/changePassword', { method: 'PATCH', body });
}

export function useChangePassword() {
  return useAction(changePassword);
}
