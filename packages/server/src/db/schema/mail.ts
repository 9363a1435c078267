import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import * as col from './columns.ts';

/** A file sent with a message; `content` is base64. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Transactional outbox: a message is inserted in the same transaction as the change that causes it
 * and sent after commit by the mail worker. With MAIL_TRANSPORT=outbox the table itself is the
 * mailbox developers read (GET /api/dev/outbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: col.serialId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull().default('en'),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of non-transactional mail), or null. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Files attached (base64), or null. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    /** Fixed when queued, so a message sent again after a crash keeps its Message-ID. */
    messageId: text('message_id').notNull().unique(),
    /** pending → sending (leased) → sent, or failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: col.timestamptz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: col.timestamptz('lease_until'),
    sentAt: col.timestamptz('sent_at'),
    lastError: text('last_error'),
    createdAt: col.createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
  ],
);

/**
 * Secrets the server makes for itself on first use (the key that signs unsubscribe links), shared by
 * every process through the database, so no configuration is needed and a restart keeps old links valid.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: col.createdAt(),
});
