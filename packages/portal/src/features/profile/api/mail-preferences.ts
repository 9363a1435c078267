import type { MailOptOut, UnsubscribeType } from '@domain-broker/shared/schemas/unsubscribe';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#portal/lib/api.ts';
import { useWrite } from '#portal/lib/write.ts';

export const mailPreferencesKey = ['mailPreferences'] as const;

/** GET /mail-preferences: what the user unsubscribed from. */
export function useMailPreferences() {
  return useQuery({
    queryKey: mailPreferencesKey,
    queryFn: async () => (await apiRequest<MailOptOut[]>('/mail-preferences')).data ?? [],
  });
}

/** DELETE /mail-preferences/{type}: turns that mail back on. */
export function resubscribe(o: { type: UnsubscribeType; closeUID: string | null }) {
  return apiRequest(`/mail-preferences/${o.type}`, {
    method: 'DELETE',
    ...(o.closeUID ? { query: { closeUID: o.closeUID } } : {}),
  });
}

/** Turns a mail back on; the list is asked again (the line disappears). */
export function useResubscribe() {
  return useWrite(resubscribe, {
    refresh: (client) => client.invalidateQueries({ queryKey: mailPreferencesKey }),
  });
}
