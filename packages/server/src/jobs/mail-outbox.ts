/**
 * `mail-outbox`: sends the queued mail (src/lib/mail). Every process runs it: each message is claimed
 * with its own lease in the outbox row, so two processes never send one twice. Polled every two seconds,
 * and nudged at once when a request has queued mail.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/lib/mail/index.ts';
import { type Job, type QueueDepth, readQueueDepth } from './define.ts';

export const MAIL_OUTBOX_JOB = 'mail-outbox';

/** Mail waiting to be sent (pending, or claimed by a process whose lease ran out). */
export async function mailQueueDepth(db: Db): Promise<QueueDepth> {
  return readQueueDepth(
    db,
    sql`
    select count(*)::int as waiting, min(created_at) as oldest from mail_outbox
    where status = 'pending' or (status = 'sending' and lease_until < now())`,
  );
}

export function mailOutboxJob(mailer: Pick<Mailer, 'flush'>): Job {
  return {
    name: MAIL_OUTBOX_JOB,
    description: 'Sends the queued mail; a message that fails is tried again later, up to eight times.',
    trigger: { kind: 'queue', pollMs: 2_000, depth: mailQueueDepth },
    lease: false,
    timeoutMs: 5 * 60_000,
    retry: { attempts: 5, backoffMs: 5_000, maxBackoffMs: 5 * 60_000 },
    run: async () => ({ sent: await mailer.flush() }),
  };
}
