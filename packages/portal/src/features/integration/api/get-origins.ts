/**
 * The integration page's calls (packages/server/src/modules/registrar/routes.ts, "Self-service allowed
 * origins"): the registrar reads its own allowed origins here, adds and removes them in
 * ./add-origin.ts and ./remove-origin.ts. Failures are shown by the page (`handle: 'page'`).
 */
import type { RegistrarOrigins } from '@domain-broker/shared/schemas/registrar-origins';
import { pageData } from '#portal/lib/page-api.ts';

export const ORIGINS_KEY = ['integration', 'origins'] as const;

export async function getOrigins(): Promise<RegistrarOrigins> {
  return pageData<RegistrarOrigins>('/registrar/origins');
}
