/**
 * The integration page's calls (packages/server/src/modules/registrar/routes.ts, "Self-service allowed
 * origins"): the registrar reads, adds and removes its own allowed origins. Failures are shown by the
 * page (`handle: 'page'`): a refused origin under the field, anything else in the section.
 */
import type { RegistrarOrigins } from '@domain-broker/shared/schemas/registrar-origins';
import { pageData, pageRecord, type Written } from '#portal/lib/page-api.ts';

export const ORIGINS_KEY = ['integration', 'origins'] as const;

export async function getOrigins(): Promise<RegistrarOrigins> {
  return pageData<RegistrarOrigins>('/registrar/origins');
}

/** Adding and removing answer with the whole list and the server's message. */
export async function addOrigin(origin: string): Promise<Written<RegistrarOrigins>> {
  return pageRecord<RegistrarOrigins>('POST', '/registrar/origins', { origin });
}

export async function removeOrigin(origin: string): Promise<Written<RegistrarOrigins>> {
  return pageRecord<RegistrarOrigins>('DELETE', '/registrar/origins', { origin });
}
