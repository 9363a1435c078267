import type { RoleType } from '@domain-broker/shared/roles';
import { apiRequest } from '#portal/lib/api.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** PATCH /forgotPassword: mails a one-time code for the role context of the screen. */
export function forgotPassword(body: { email: string; roleType: RoleType }) {
  return apiRequest('/forgotPassword', { method: 'PATCH', body });
}

export function useForgotPassword() {
  return useAction(forgotPassword);
}
