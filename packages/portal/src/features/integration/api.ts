/**
 * The integration page's calls (packages/server/src/modules/registrar/routes.ts, "Self-service allowed
 * origins"): the registrar reads, adds and removes its own allowed origins. Failures are shown by the
 * page (`handle: 'page'`): a refused origin under the field, anything else in the section.
 */
import type { RegistrarOrigins } from '@domain-broker/shared/schemas/registrar-origins';
import { apiRequest } from '../../lib/api.ts';

export const ORIGINS_KEY = ['integration', 'origins'] as const;

export interface Written {
  message?: string;
  data: RegistrarOrigins;
}

function dataOf(answer: { message?: string; data?: RegistrarOrigins }): Written {
  if (!answer.data) throw new Error('The answer had no data');
  return { message: answer.message, data: answer.data };
}

export async function getOrigins(): Promise<RegistrarOrigins> {
  return dataOf(await apiRequest<RegistrarOrigins>('/registrar/origins', { handle: 'page' })).data;
}

export async function addOrigin(origin: string): Promise<Written> {
  return dataOf(
    await apiRequest<RegistrarOrigins>('/registrar/origins', {
      method: 'POST',
      body: { origin },
      handle: 'page',
    }),
  );
}

export async function removeOrigin(origin: string): Promise<Written> {
  return dataOf(
    await apiRequest<RegistrarOrigins>('/registrar/origins', {
      method: 'DELETE',
      body: { origin },
      handle: 'page',
    }),
  );
}
