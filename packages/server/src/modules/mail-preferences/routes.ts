/**
 * PATCH /unsubscribeEmail (the spec's), POST /unsubscribe/one-click (RFC 8058, the List-Unsubscribe
 * header's target) and the signed-in user's mail preferences. Rules in service.ts.
 */

import {
  MailOptOutSchema,
  MailPreferenceParam,
  MailPreferenceQuery,
  OneClickForm,
  OneClickQuery,
  UnsubscribeBody,
} from '@domain-broker/shared/schemas/unsubscribe';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireAuth } from '../auth/middleware.ts';
import { listOptOuts, resubscribe, unsubscribe } from './service.ts';

const tags = ['mail'];

export function mailPreferenceRoutes() {
  const app = new Hono<AppEnv>();

  app.patch(
    '/unsubscribeEmail',
    describeRoute({
      operationId: 'unsubscribeEmail',
      summary:
        "The unsubscribe page: stops the kind of mail (type, default buy) or one lead's mails (closeUID) the " +
        "link's signed token names, with an optional message. The token works once and must match the address, " +
        'type and lead; a forged, altered or reused token changes nothing.',
      tags,
      responses: { 200: { description: SUCCESS.UNSUBSCRIBED, code: 'UNSUBSCRIBED' } },
      errors: ['UNSUBSCRIBE_LINK_INVALID'],
    }),
    vQuery(NoQuery),
    vJson(UnsubscribeBody),
    async (c) => {
      const s = c.get('services');
      const b = c.req.valid('json');
      await unsubscribe(
        s.db,
        { token: b.token, email: b.email, type: b.type, closeUID: b.closeUID, message: b.message },
        s.now(),
      );
      return c.json(success('UNSUBSCRIBED'));
    },
  );

  app.post(
    '/unsubscribe/one-click',
    describeRoute({
      operationId: 'unsubscribeOneClick',
      summary:
        'RFC 8058 one-click unsubscribe: the URL of the List-Unsubscribe header, POSTed by the mail client with ' +
        'the body List-Unsubscribe=One-Click (the body is not needed). Same rules as PATCH /unsubscribeEmail.',
      tags,
      requestBody: { mediaType: 'application/x-www-form-urlencoded', schema: OneClickForm, required: false },
      responses: { 200: { description: SUCCESS.UNSUBSCRIBED, code: 'UNSUBSCRIBED' } },
      errors: ['UNSUBSCRIBE_LINK_INVALID'],
    }),
    vQuery(OneClickQuery),
    async (c) => {
      const s = c.get('services');
      await unsubscribe(s.db, { token: c.req.valid('query').token }, s.now());
      return c.json(success('UNSUBSCRIBED'));
    },
  );

  app.get(
    '/mail-preferences',
    describeRoute({
      operationId: 'getMailPreferences',
      summary: "The kinds of mail (and leads' mails) the signed-in user unsubscribed from.",
      tags,
      responses: {
        200: {
          description: 'Opt-outs',
          data: v.array(MailOptOutSchema),
        },
      },
    }),
    requireAuth,
    vQuery(NoQuery),
    async (c) => c.json({ data: await listOptOuts(c.get('services').db, c.get('auth').user.email) }),
  );

  app.delete(
    '/mail-preferences/:type',
    describeRoute({
      operationId: 'resubscribe',
      summary: "Turns one kind of mail (with closeUID: one lead's mails) back on for the signed-in user.",
      tags,
      responses: { 200: { description: SUCCESS.RESUBSCRIBED, code: 'RESUBSCRIBED' } },
      errors: ['NOT_FOUND'],
    }),
    requireAuth,
    vParam(MailPreferenceParam),
    vQuery(MailPreferenceQuery),
    async (c) => {
      await resubscribe(
        c.get('services').db,
        c.get('auth').user.email,
        c.req.valid('param').type,
        c.req.valid('query').closeUID,
      );
      return c.json(success('RESUBSCRIBED'));
    },
  );

  return app;
}
