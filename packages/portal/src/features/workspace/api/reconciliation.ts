/**
 * The Reconciliation tab's call (packages/server/src/modules/reconciliation/routes.ts): a month of our
 * payments against the payment provider's. Failures are shown by the tab (`handle: 'page'`).
 */
import type { Reconciliation } from '@domain-broker/shared/schemas/reconciliation';
import { apiRequest } from '../../../lib/api.ts';

export async function getReconciliation(month: string): Promise<Reconciliation> {
  const answer = await apiRequest<Reconciliation>('/reconciliation', { query: { month }, handle: 'page' });
  if (!answer.data) throw new Error('The answer had no data');
  return answer.data;
}
