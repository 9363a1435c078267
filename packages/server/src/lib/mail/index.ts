/**
 * Mail: queued in the caller's transaction, sent after commit by a worker with retries and backoff.
 *
 * Why an outbox: sending inside a request either loses the message when the process dies after
 * commit, or sends a message for a change that then rolls back. A row committed with the change and
 * a worker that leases due rows (FOR UPDATE SKIP LOCKED, so several processes share the work) gives
 * at-least-once delivery; the Message-ID fixed at queue time lets receiving servers drop a duplicate
 * resent after a crash.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import type { Logger } from '../logger.ts';
import { renderMail } from './templates.ts';
import type { MailRequest } from './types.ts';
import { mailTokenSecret, signUnsubscribe, unsubscribeLinks } from './unsubscribe.ts';

export { renderMail } from './templates.ts';

export interface MailConfig {
  mailTransport: 'outbox' | 'smtp';
  smtpUrl?: string | undefined;
  mailFrom: string;
  publicUrl: string;
}

function messageIdDomain(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** Queues one message inside `tx`; nothing is sent until the transaction commits and the worker runs. */
export async function enqueueMail(
  tx: DbOrTx,
  mail: MailRequest,
  publicUrl = 'http://localhost',
): Promise<void> {
  let data = mail.data;
  let headers: Record<string, string> | null = null;
  if (mail.unsubscribe) {
    const claims = { email: mail.to, type: mail.unsubscribe.type, leadUid: mail.unsubscribe.leadUid ?? null };
    const token = signUnsubscribe(await mailTokenSecret(tx), claims);
    const links = unsubscribeLinks(publicUrl, token, claims);
    data = { ...data, unsubscribeUrl: links.page };
    headers = {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  const rendered = renderMail(mail.template, mail.locale, data);
  await tx.insert(mailOutbox).values({
    to: mail.to,
    template: mail.template,
    locale: mail.locale,
    ...rendered,
    headers,
    attachments: mail.attachments?.length ? mail.attachments : null,
    messageId: `<${randomUUID()}@${messageIdDomain(publicUrl)}>`,
  });
}

/** Delivers one message; the outbox transport delivers by leaving the row where developers read it. */
export interface MailTransport {
  send(msg: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
    headers?: Record<string, string>;
    attachments?: { filename: string; contentType: string; content: string }[];
  }): Promise<void>;
  close(): void;
}

/** Open SMTP connections per process; the outbox sends a claimed batch over them at once. */
export const SMTP_CONNECTIONS = 4;

export function createTransport(config: MailConfig): MailTransport {
  if (config.mailTransport === 'outbox') return { send: async () => {}, close: () => {} };
  // A few kept-open connections: a message no longer pays for its own connection and greeting.
  const transporter: Transporter = nodemailer.createTransport({
    url: config.smtpUrl!,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
  });
  return {
    send: async (msg) => {
      await transporter.sendMail({
        ...msg,
        messageId: msg.messageId,
        attachments: msg.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

export interface MailerOptions {
  db: Db;
  config: MailConfig;
  logger: Logger;
  transport?: MailTransport;
  /** How long a claimed message stays reserved for the process that claimed it. */
  leaseSeconds?: number;
  maxAttempts?: number;
  batchSize?: number;
}

/**
 * The outbox's sender: the `mail-outbox` job (src/jobs/mail-outbox.ts) calls `flush` on its schedule
 * and when a request has queued mail.
 */
export interface Mailer {
  /** Sends every due message now; answers how many were attempted. */
  flush(): Promise<number>;
  /** Closes the transport (the process is stopping). */
  close(): void;
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min … capped at one hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

interface DueRow {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  message_id: string;
  attempts: number;
  headers: Record<string, string> | string | null;
  attachments: { filename: string; contentType: string; content: string }[] | string | null;
}

/** Leases up to `batchSize` due messages (pending and due, or whose lease ran out) to this process. */
async function claimDue(db: Db, leaseSeconds: number, batchSize: number): Promise<DueRow[]> {
  const result = await db.execute(sql`
    update mail_outbox set status = 'sending', lease_until = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from mail_outbox
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and lease_until < now())
      order by id
      limit ${batchSize}
      for update skip locked
    )
    returning id, "to", subject, text, html, message_id, attempts, headers, attachments`);
  return (result as unknown as { rows: DueRow[] }).rows;
}

/** What the transport sends for an outbox row. */
function messageOf(row: DueRow, from: string): Parameters<MailTransport['send']>[0] {
  return {
    from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    messageId: row.message_id,
    ...(row.headers
      ? { headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers }
      : {}),
    ...(row.attachments
      ? {
          attachments: typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments,
        }
      : {}),
  };
}

async function recordSent(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    update mail_outbox set status = 'sent', sent_at = now(), lease_until = null, attempts = attempts + 1, last_error = null
    where id = ${id}`);
}

/** A failed attempt: pending again after the backoff, or failed for good after `maxAttempts`. */
async function recordFailure(db: Db, row: DueRow, err: unknown, maxAttempts: number) {
  const attempts = row.attempts + 1;
  const failed = attempts >= maxAttempts;
  const message = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
  await db.execute(sql`
    update mail_outbox set
      status = ${failed ? 'failed' : 'pending'},
      attempts = ${attempts},
      lease_until = null,
      last_error = ${message},
      next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)})
    where id = ${row.id}`);
  return { attempts, failed, message };
}

export function createMailer(opts: MailerOptions): Mailer {
  const { db, config, logger } = opts;
  const transport = opts.transport ?? createTransport(config);
  const leaseSeconds = opts.leaseSeconds ?? 120;
  const maxAttempts = opts.maxAttempts ?? 8;
  const batchSize = opts.batchSize ?? 20;

  async function deliver(row: DueRow): Promise<void> {
    try {
      await transport.send(messageOf(row, config.mailFrom));
      await recordSent(db, row.id);
    } catch (err) {
      const { attempts, failed, message } = await recordFailure(db, row, err, maxAttempts);
      logger.warn({ mailId: row.id, attempts, failed, err: message }, 'mail delivery failed');
    }
  }

  /** Delivers due messages until none is left. */
  async function round(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDue(db, leaseSeconds, batchSize);
      if (!rows.length) return sent;
      await Promise.all(rows.map(deliver));
      sent += rows.length;
    }
  }

  return { flush: round, close: () => transport.close() };
}
export { mailCatalogueRoutes, mailRoutes } from './routes.ts';
