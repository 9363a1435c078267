import type { RegistrarOrigins } from '@domain-broker/shared/schemas/registrar-origins';
import { useLingui } from '@lingui/react/macro';
import { pageRecord, type Written } from '#portal/lib/page-api.ts';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';
import { originText } from '../utils/messages.ts';
import { ORIGINS_KEY } from './get-origins.ts';

/** DELETE /registrar/origins: answers the whole list and the server's message. */
export async function removeOrigin(origin: string): Promise<Written<RegistrarOrigins>> {
  return pageRecord<RegistrarOrigins>('DELETE', '/registrar/origins', { origin });
}

/** The removal: the list redrawn from the answer; after a failure it is asked again. */
export function useRemoveOrigin(options: Pick<WriteOptions<string, Written<RegistrarOrigins>>, 'onFailure'>) {
  const { i18n } = useLingui();
  return useWrite(removeOrigin, {
    success: (written) => originText(i18n, written),
    refresh: (client, written) => client.setQueryData(ORIGINS_KEY, written.data),
    ...options,
  });
}
