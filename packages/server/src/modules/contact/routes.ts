/** Contact Us: `POST /contact` (our path: the spec names none). Rules in service.ts. */

import { ContactBody } from '@domain-broker/shared/schemas/contact';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vQuery } from '#server/lib/validate.ts';
import { optionalAuth } from '../auth/middleware.ts';
import { submitContact } from './service.ts';

export function contactRoutes() {
  const app = new Hono<AppEnv>();
  app.post(
    '/contact',
    describeRoute({
      operationId: 'contact',
      summary:
        'Contact Us: name, email, phone, domainName (with an extension), comments and an optional budget (USD). ' +
        'Stored; staff get it by mail and the sender a receipt in their language. Needs botToken when a captcha ' +
        'is configured; limited per IP address and per sender address. Never changes an account.',
      tags: ['contact'],
      responses: { 200: { description: SUCCESS.CONTACT_SUBMITTED, code: 'CONTACT_SUBMITTED' } },
      errors: ['ROBOT_DETECTED', 'RATE_LIMITED'],
    }),
    optionalAuth,
    vQuery(NoQuery),
    vJson(ContactBody),
    async (c) => {
      const s = c.get('services');
      const viewer = c.get('viewer')?.user;
      await submitContact(
        s,
        viewer ? { UID: viewer.UID, email: viewer.email, locale: viewer.locale } : undefined,
        c.req.valid('json'),
        clientIp(c, s.config.trustProxy),
        s.now(),
      );
      return c.json(success('CONTACT_SUBMITTED'));
    },
  );
  return app;
}
