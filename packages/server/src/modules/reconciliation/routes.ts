/** GET /reconciliation (Admin): a month of our payments against the payment provider's. Rules in service.ts. */
import { ReconciliationQuery, ReconciliationSchema } from '@domain-broker/shared/schemas/reconciliation';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { vQuery } from '#server/lib/validate.ts';
import { requireAdmin } from '../auth/middleware.ts';
import { reconcile } from './service.ts';

const ReconciliationDoc = component('Reconciliation', ReconciliationSchema);

export function reconciliationRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/reconciliation',
    describeRoute({
      operationId: 'getReconciliation',
      summary:
        "A month (YYYY-MM, UTC; the current month by default, never a future one) of our card payments and refunds against what the payment provider reports for the same period (Stripe's balance transactions; the sandbox's own ledger with its fee rule, 2.9% + 30 cents), matched by the provider's payment id: both sides with totals (gross, refunds, fees, net) and every mismatch (missing on either side, amount differs, status differs). Admin only.",
      tags: ['staff'],
      responses: { 200: { description: 'The month on both sides', data: ReconciliationDoc } },
    }),
    requireAdmin,
    vQuery(ReconciliationQuery),
    async (c) => {
      const s = c.get('services');
      return c.json({ data: await reconcile(s, c.req.valid('query'), s.now()) });
    },
  );

  return app;
}
