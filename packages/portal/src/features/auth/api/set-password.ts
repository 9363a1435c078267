import { apiRequest } from '#portal/lib/api.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** POST /setPassword with a one-time set-password link's token and the new password. */
export function setPassword(body: { token: string; password: string; confirmPassword: string }) {
  return apiRequest('/setPassword', { method: 'POST', body });
}

export function useSetPassword() {
  return useAction(setPassword);
}
