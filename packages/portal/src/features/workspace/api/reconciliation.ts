/**
 * The Reconciliation tab's call (packages/server/src/modules/reconciliation/routes.ts): a month of our
 * payments against the payment provider's. Failures are shown by the tab (`handle: 'page'`).
 */
import type { Reconciliation } from '@domain-broker/shared/schemas/reconciliation';
import { pageData } from '#portal/lib/page-api.ts';

export const getReconciliation = (month: string) => pageData<Reconciliation>('/reconciliation', { month });
