import type { RegistrarOrigins } from '@domain-broker/shared/schemas/registrar-origins';
import { useLingui } from '@lingui/react/macro';
import { pageRecord, type Written } from '#portal/lib/page-api.ts';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';
import { originText } from '../utils/messages.ts';
import { ORIGINS_KEY } from './get-origins.ts';

/** POST /registrar/origins: answers the whole list and the server's message. */
export async function addOrigin(origin: string): Promise<Written<RegistrarOrigins>> {
  return pageRecord<RegistrarOrigins>('POST', '/registrar/origins', { origin });
}

/** The add: the list redrawn from the answer and the server's message as the toast. */
export function useAddOrigin(
  options: Pick<WriteOptions<string, Written<RegistrarOrigins>>, 'onDone' | 'onFailure'>,
) {
  const { i18n } = useLingui();
  return useWrite(addOrigin, {
    success: (written) => originText(i18n, written),
    refresh: (client, written) => client.setQueryData(ORIGINS_KEY, written.data),
    ...options,
  });
}
