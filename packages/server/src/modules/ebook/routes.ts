/**
 * GET /ebook: the buyers' e-book as a PDF download (docs/api.md "The buyers' e-book"; decision A11). Thin:
 * who may download and how often live in service.ts.
 */
import {
  EBOOK_REMAINING_HEADER,
  EbookDispositionHeader,
  EbookQuery,
  EbookRemainingHeader,
} from '@domain-broker/shared/schemas/ebook';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { vQuery } from '#server/lib/validate.ts';
import { requireAuth } from '../auth/middleware.ts';
import { downloadEbook, EBOOK_DOWNLOADS_PER_USER } from './service.ts';

export function ebookRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/ebook',
    describeRoute({
      operationId: 'getEbook',
      summary: `The buyers' e-book "How to buy a domain someone else owns" (en or zh) for paid buyers, ${EBOOK_DOWNLOADS_PER_USER} downloads per user.`,
      description:
        'A paid buyer is one with a lead paid and not refunded or canceled; anyone else gets 403 EBOOK_PAID_ONLY (the portal shows the upgrade popup). Each answered PDF counts as a download; the third gets 429 EBOOK_LIMIT.',
      tags: ['leads'],
      responses: {
        200: {
          description: 'The e-book (PDF)',
          mediaType: 'application/pdf',
          headers: {
            'Content-Disposition': {
              description:
                'attachment; filename="how-to-buy-a-domain-someone-else-owns.pdf" (…-zh.pdf for Chinese)',
              schema: EbookDispositionHeader,
              required: true,
            },
            'Cache-Control': { description: 'private, no-store' },
            [EBOOK_REMAINING_HEADER]: {
              description: 'Downloads the user has left after this one (0 or 1).',
              schema: EbookRemainingHeader,
              required: true,
            },
          },
        },
      },
      errors: ['EBOOK_PAID_ONLY', 'EBOOK_LIMIT', 'EBOOK_UNAVAILABLE'],
      errorHeaders: {
        429: {
          'Retry-After': {
            description: 'Not sent with EBOOK_LIMIT: the two downloads do not renew, so there is no later.',
            required: false,
          },
        },
      },
    }),
    requireAuth,
    vQuery(EbookQuery),
    async (c) => {
      const s = c.get('services');
      const { locale } = c.req.valid('query');
      const d = await downloadEbook(s.db, c.get('auth').user.UID, locale, s.now(), {
        cjkFontPath: s.config.cjkFontPath,
        siteUrl: s.config.publicUrl,
      });
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="${d.fileName}"`);
      c.header('Cache-Control', 'private, no-store');
      c.header(EBOOK_REMAINING_HEADER, String(d.remaining));
      return c.body(new Uint8Array(d.pdf));
    },
  );

  return app;
}
