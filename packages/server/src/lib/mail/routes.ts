/**
 * GET /api/dev/outbox?to= — the development mailbox. Mounted only when mail stays in the outbox
 * outside production, and answered only to this machine (it shows every account's codes): any other
 * client, or any request through a proxy, gets 404 as if it did not exist.
 */
import { ERRORS } from '@domain-broker/shared/errors';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { isLoopbackClient } from '../client-ip.ts';
import { describeRoute } from '../openapi.ts';
import { vQuery } from '../validate.ts';

const noNul = v.check((s: string) => !s.includes('\u0000'), 'Invalid entry.');
/** Other parameters are ignored (a development tool, read by scripts). */
const OutboxQuery = v.object({
  to: v.optional(v.pipe(v.string(), noNul, v.description('Only messages to this address'))),
  limit: v.optional(v.pipe(v.string(), v.description('1-200, default 50'))),
});

const MESSAGE = {
  type: 'object',
  required: ['to', 'subject', 'text', 'html', 'status', 'attachments', 'createdAt'],
  properties: {
    to: { type: 'string' },
    subject: { type: 'string' },
    text: { type: 'string' },
    html: { type: 'string' },
    status: { type: 'string' },
    messageId: { type: 'string', nullable: true },
    attachments: {
      type: 'array',
      items: {
        type: 'object',
        required: ['filename', 'contentType', 'content', 'size'],
        properties: {
          filename: { type: 'string' },
          contentType: { type: 'string' },
          content: { type: 'string', description: 'base64' },
          size: { type: 'integer' },
        },
      },
    },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

export function mailRoutes(db: Db, _config?: unknown) {
  return new Hono().get(
    '/dev/outbox',
    describeRoute({
      operationId: 'devOutbox',
      summary: 'Development only: mail kept in the outbox, newest first.',
      description:
        'Mounted only when MAIL_TRANSPORT=outbox outside production; answers 404 to any client but this machine (loopback, no proxy header).',
      tags: ['development'],
      responses: { 200: { description: 'Messages', data: { type: 'array', items: MESSAGE } } },
      errors: ['NOT_FOUND'],
      'x-condition': 'MAIL_TRANSPORT=outbox, not production',
    }),
    vQuery(OutboxQuery),
    async (c) => {
      if (!isLoopbackClient(c)) return c.json({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' }, 404);
      const query = c.req.valid('query');
      const to = query.to?.trim().toLowerCase();
      const limit = Math.min(Math.max(Number(query.limit) || 50, 1), 200);
      const rows = await db
        .select({
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          status: mailOutbox.status,
          messageId: mailOutbox.messageId,
          attachments: mailOutbox.attachments,
          createdAt: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      c.header('Cache-Control', 'no-store');
      return c.json({
        data: rows.map((r) => ({
          ...r,
          // Files as stored (base64 `content`), with their decoded size.
          attachments: (r.attachments ?? []).map((a) => ({
            ...a,
            size: Buffer.byteLength(a.content, 'base64'),
          })),
          createdAt: r.createdAt.toISOString(),
        })),
      });
    },
  );
}
