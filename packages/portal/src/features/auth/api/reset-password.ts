import { apiRequest } from '#portal/lib/api.ts';
import { useAction } from '#portal/lib/use-action.ts';

/** PATCH /resetPassword with the mailed code and the new password. */
export function resetPassword(body: {
  email: string;
  OTP: string;
  password: string;
  confirmPassword: string;
}) {
  return apiRequest('/resetPassword', { method: 'PATCH', body });
}

export function useResetPassword() {
  return useAction(resetPassword);
}
