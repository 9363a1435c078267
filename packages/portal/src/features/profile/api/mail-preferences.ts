import type { MailOptOut, UnsubscribeType } from '@domain-broker/shared/schemas/unsubscribe';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#portal/lib/api.ts';

export const mailPreferencesKey = ['mailPreferences'] as const;

/** GET /mail-preferences: what the user unsubscribed from. */
export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: async () => (await apiRequest<MailOptOut[]>('/mail-preferences')).data ?? [],
  });
}

/** DELETE /mail-preferences/{type}: turns that mail back on. */
export function useResubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (o: { type: UnsubscribeType; closeUID: string | null }) =>
      apiRequest(`/mail-preferences/${o.type}`, {
        method: 'DELETE',
        ...(o.closeUID ? { query: { closeUID: o.closeUID } } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: mailPreferencesKey }),
  });
}
