/** The API's own routes: health, and the development mail tools (docs/api.md "Endpoints"). */
import * as v from 'valibot';
import { answerInt, answerTimestamp } from './common.ts';

/** `data` of GET /health. */
export const HealthSchema = v.object({ status: v.picklist(['ok']) });

/** One message of the development outbox (GET /dev/outbox). */
export const OutboxMessageSchema = v.object({
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.string(),
  status: v.string(),
  messageId: v.optional(v.nullable(v.string())),
  headers: v.optional(
    v.pipe(
      v.nullable(v.record(v.string(), v.string())),
      v.description('List-Unsubscribe and List-Unsubscribe-Post of a non-transactional mail'),
    ),
  ),
  attachments: v.array(
    v.object({
      filename: v.string(),
      contentType: v.string(),
      content: v.pipe(v.string(), v.description('base64')),
      size: answerInt,
    }),
  ),
  createdAt: answerTimestamp,
});

/** GET /dev/mail-catalogue: an HTML page. */
export const HtmlPage = v.pipe(v.string(), v.description('An HTML document'));
