/** GET /api/dev/outbox?to= — the development mailbox. Mounted only when mail stays in the outbox outside production. */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

export function mailRoutes(db: Db, _config?: unknown) {
  return new Hono().get('/dev/outbox', async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    const limit = Math.min(Math.max(Number(c.req.query('limit')) || 50, 1), 200);
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
  });
}
