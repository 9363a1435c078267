/**
 * `webhook-deliveries`: sends the signed webhooks that are due to registrar partners
 * (src/modules/webhooks, ADR 052) and prunes old delivered ones. Every process runs it; a delivery is
 * claimed row by row.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { WebhookWorker } from '#server/modules/webhooks/deliver.ts';
import { type Job, type QueueDepth, readQueueDepth } from './define.ts';

export const WEBHOOK_DELIVERIES_JOB = 'webhook-deliveries';

/** Deliveries waiting for an attempt. */
export async function webhookQueueDepth(db: Db): Promise<QueueDepth> {
  return readQueueDepth(
    db,
    sql`
    select count(*)::int as waiting, min(created_at) as oldest from webhook_deliveries
    where status = 'pending'`,
  );
}

export function webhookDeliveriesJob(worker: Pick<WebhookWorker, 'tick'>): Job {
  return {
    name: WEBHOOK_DELIVERIES_JOB,
    description: 'Sends the due webhooks to registrar partners and prunes the old delivered ones.',
    trigger: { kind: 'queue', pollMs: 2_000, depth: webhookQueueDepth },
    lease: false,
    timeoutMs: 5 * 60_000,
    retry: { attempts: 5, backoffMs: 5_000, maxBackoffMs: 5 * 60_000 },
    run: async () => worker.tick(),
  };
}
