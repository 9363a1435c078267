/**
 * GET /api/dev/outbox?to= — the development mailbox. Mounted only when mail stays in the outbox
 * outside production, and answered only to this machine (it shows every account's codes): any other
 * client, or any request through a proxy, gets 404 as if it did not exist.
 */

import { ERRORS } from '@domain-broker/shared/errors';
import { HtmlPage, OutboxMessageSchema } from '@domain-broker/shared/schemas/meta';
import { success } from '@domain-broker/shared/success';
import { isEmail } from '@domain-broker/shared/validators';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { isLoopbackClient } from '../client-ip.ts';
import { describeRoute } from '../openapi.ts';
import { vJson, vQuery } from '../validate.ts';
import { NON_TRANSACTIONAL, sampleData, sampleValues } from './catalogue.ts';
import { enqueueMail } from './index.ts';
import { MAIL_TEMPLATES, renderMail } from './templates.ts';
import type { MailTemplate } from './types.ts';

const noNul = v.check((s: string) => !s.includes('\u0000'), 'Invalid entry.');
/** Other parameters are ignored (a development tool, read by scripts). */
const OutboxQuery = v.object({
  to: v.optional(v.pipe(v.string(), noNul, v.description('Only messages to this address'))),
  limit: v.optional(v.pipe(v.string(), v.description('1-200, default 50'))),
});

export function mailRoutes(db: Db, _config?: unknown) {
  return new Hono().get(
    '/dev/outbox',
    describeRoute({
      operationId: 'devOutbox',
      summary: 'Development only: mail kept in the outbox, newest first.',
      description:
        'Mounted only when MAIL_TRANSPORT=outbox outside production; answers 404 to any client but this machine (loopback, no proxy header).',
      tags: ['development'],
      responses: { 200: { description: 'Messages', data: v.array(OutboxMessageSchema) } },
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
          headers: mailOutbox.headers,
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

/**
 * GET /api/dev/mail-catalogue: every template in English and Chinese with sample data (an HTML page);
 * POST /api/dev/mail-catalogue/send {template, locale, to}: queues that sample through the outbox.
 * Mounted with the outbox; loopback only.
 */
export function mailCatalogueRoutes(db: Db, publicUrl: string) {
  const SendBody = v.strictObject({
    template: v.picklist(MAIL_TEMPLATES as [MailTemplate, ...MailTemplate[]], 'Invalid entry.'),
    locale: v.optional(v.picklist(['en', 'zh'] as const, 'Invalid entry.'), 'en'),
    to: v.pipe(v.string(), v.trim(), v.maxLength(254), v.check(isEmail, 'Please Enter Valid Email')),
  });
  return new Hono()
    .get(
      '/dev/mail-catalogue',
      describeRoute({
        operationId: 'devMailCatalogue',
        summary:
          'Development only: every mail template rendered with sample data in English and Chinese (HTML).',
        tags: ['development'],
        responses: { 200: { description: 'An HTML page', mediaType: 'text/html', body: HtmlPage } },
        errors: ['NOT_FOUND'],
        'x-condition': 'MAIL_TRANSPORT=outbox, not production',
      }),
      vQuery(v.object({})),
      (c) => {
        if (!isLoopbackClient(c))
          return c.json({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' }, 404);
        const esc = (s: string) =>
          s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
        const sections = MAIL_TEMPLATES.map((template) => {
          const kind = NON_TRANSACTIONAL[template];
          const parts = (['en', 'zh'] as const).map((locale) => {
            const r = renderMail(
              template,
              locale,
              sampleData(
                kind
                  ? `${publicUrl}/unsubscribe?email=ada%40example.com&type=${kind}&token=sample`
                  : undefined,
              ),
            );
            return `<article><h3>${locale}: ${esc(r.subject)}</h3><iframe title="${esc(`${template} ${locale}`)}" sandbox srcdoc="${esc(r.html)}"></iframe><pre>${esc(r.text)}</pre></article>`;
          });
          return `<section id="${template}"><h2>${template}${kind ? ` <small>(unsubscribe: ${kind})</small>` : ' <small>(transactional)</small>'}</h2>${parts.join('')}</section>`;
        });
        c.header('Cache-Control', 'no-store');
        return c.html(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail catalogue</title><style>body{font-family:system-ui,sans-serif;margin:24px}section{border-top:1px solid #ccc;padding:12px 0}article{display:inline-block;vertical-align:top;width:48%;margin-right:1%}iframe{width:100%;height:320px;border:1px solid #ddd}pre{white-space:pre-wrap;background:#f5f7fa;padding:8px}</style></head><body><h1>Mail catalogue (${MAIL_TEMPLATES.length} templates)</h1><nav>${MAIL_TEMPLATES.map((t) => `<a href="#${t}">${t}</a>`).join(' · ')}</nav>${sections.join('')}</body></html>`,
        );
      },
    )
    .post(
      '/dev/mail-catalogue/send',
      describeRoute({
        operationId: 'devMailCatalogueSend',
        summary:
          'Development only: queues the sample of a template to an address through the outbox (a non-transactional sample carries a real unsubscribe link and headers).',
        tags: ['development'],
        responses: { 200: { description: 'Queued', code: 'MAIL_QUEUED' } },
        errors: ['NOT_FOUND'],
        'x-condition': 'MAIL_TRANSPORT=outbox, not production',
      }),
      vQuery(v.object({})),
      vJson(SendBody),
      async (c) => {
        if (!isLoopbackClient(c))
          return c.json({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' }, 404);
        const b = c.req.valid('json');
        const kind = NON_TRANSACTIONAL[b.template];
        await db.transaction((tx) =>
          enqueueMail(
            tx,
            {
              to: b.to.toLowerCase(),
              template: b.template,
              locale: b.locale,
              data: sampleValues(),
              ...(kind ? { unsubscribe: { type: kind } } : {}),
            },
            publicUrl,
          ),
        );
        return c.json(success('MAIL_QUEUED'));
      },
    );
}
