import { AppError } from '@domain-broker/shared/errors';
import { UNKNOWN_FIELD } from '@domain-broker/shared/schemas/common';
import {
  ClickAnswerSchema,
  PublicRegistrarSchema,
  WidgetRegistrarSchema,
} from '@domain-broker/shared/schemas/registrar';
import {
  AddOriginBody,
  RegistrarOriginsSchema,
  RemoveOriginBody,
} from '@domain-broker/shared/schemas/registrar-origins';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { isRegistrarId, REGISTRAR_ID_MAX_LENGTH } from '@domain-broker/shared/widget-contract';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { component, DEVICE_ID_HEADER, describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireRegistrar, requireStaff } from '../auth/middleware.ts';
import { addOrigin, getOrigins, removeOrigin } from './origins.ts';
import { countClick, getPublicRegistrar, getWidgetRegistrar, listRegistrars } from './service.ts';

/**
 * The registrar id in the path: refused with REGISTRAR_UID_MISSING when empty, too long or holding a
 * NUL (which PostgreSQL text cannot hold).
 */
const RegistrarIdParam = v.strictObject({
  registrarId: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Registrar UID is missing'),
    v.maxLength(REGISTRAR_ID_MAX_LENGTH, 'Registrar UID is not found'),
    v.check((s) => !s.includes('\u0000'), 'Registrar UID is missing'),
    v.transform((id: string) => {
      // No registrar can have an id outside the widget contract's pattern.
      if (!isRegistrarId(id)) throw new AppError('REGISTRAR_NOT_FOUND');
      return id;
    }),
  ),
});

const ClickQuery = v.strictObject({ dn: v.optional(v.string()) }, UNKNOWN_FIELD);
export const UpdateClicksBody = v.strictObject(
  {
    domainName: v.optional(
      v.pipe(v.string(), v.maxLength(253, 'The domain name you looking for is not a valid one.')),
    ),
    offerAmount: v.optional(
      v.pipe(
        v.union(
          [v.number(), v.pipe(v.string(), v.trim(), v.decimal('Invalid entry.'), v.transform(Number))],
          'Invalid entry.',
        ),
        v.minValue(0, 'Invalid entry.'),
      ),
    ),
  },
  UNKNOWN_FIELD,
);

const PublicRegistrarDoc = component('PublicRegistrar', PublicRegistrarSchema);
const WidgetRegistrarDoc = component('WidgetRegistrar', WidgetRegistrarSchema);
const RegistrarOriginsDoc = component('RegistrarOrigins', RegistrarOriginsSchema);
const tags = ['registrars'];
const registrarId = vParam(RegistrarIdParam, 'REGISTRAR_UID_MISSING');

export function registrarRoutes() {
  const app = new Hono<AppEnv>();

  /** Name and logo the portal shows on the registrar's landing page. */
  app.get(
    '/registrars/:registrarId',
    describeRoute({
      operationId: 'getRegistrar',
      summary: "The registrar's name and logo for its landing page.",
      tags,
      responses: {
        200: {
          description: 'The registrar',
          data: PublicRegistrarDoc,
          headers: { 'Cache-Control': { description: 'public, max-age=300' } },
        },
      },
      errors: ['REGISTRAR_NOT_FOUND'],
    }),
    vQuery(NoQuery),
    registrarId,
    async (c) => {
      const registrar = await getPublicRegistrar(c.get('services').db, c.req.valid('param').registrarId);
      c.header('Cache-Control', 'public, max-age=300');
      return c.json({ data: registrar });
    },
  );

  /** The widget frame's check: may it render for the page that embeds it? */
  app.get(
    '/widget/registrars/:registrarId',
    describeRoute({
      operationId: 'getWidgetRegistrar',
      summary: "The widget frame's check: the registrar and the origins that may embed it.",
      tags,
      responses: {
        200: {
          description: 'The registrar',
          data: WidgetRegistrarDoc,
          headers: { 'Cache-Control': { description: 'no-store (origins change at once)' } },
        },
      },
      errors: ['REGISTRAR_NOT_FOUND'],
    }),
    vQuery(NoQuery),
    registrarId,
    async (c) => {
      const registrar = await getWidgetRegistrar(c.get('services').db, c.req.valid('param').registrarId);
      // never cached: a registrar's origin change must count at the next frame load
      c.header('Cache-Control', 'no-store');
      return c.json({ data: registrar });
    },
  );

  /** Staff pick a registrar in the admin workspace. */
  app.get(
    '/getRegistrarList',
    describeRoute({
      operationId: 'listRegistrars',
      summary: 'Every registrar (Admin or Consultant), for the admin workspace.',
      tags,
      responses: { 200: { description: 'Registrars', data: v.array(PublicRegistrarDoc) } },
    }),
    requireStaff,
    vQuery(NoQuery),
    async (c) => c.json({ data: await listRegistrars(c.get('services').db) }),
  );

  /**
   * One click per visitor, registrar, domain and day. 203 tells the portal the visitor's budget is too
   * low for a held domain (it then offers alternatives), as the spec's click call expects.
   */
  app.post(
    '/updateClicks/:registrarId',
    describeRoute({
      operationId: 'updateClicks',
      summary:
        "Counts a visitor's click on a registrar's widget: one per visitor (X-Device-Id, else address and browser), registrar, domain and day.",
      description:
        'The domain comes from the body (domainName) or the query (dn). 203 tells the portal the budget (offerAmount) is below what owners of registered domains usually accept.',
      tags,
      parameters: [DEVICE_ID_HEADER],
      responses: {
        200: { description: 'Counted (recorded false: already counted today)', data: ClickAnswerSchema },
        203: {
          description: 'Counted; the budget is too low for a registered domain',
          code: 'REGISTERED_DOMAIN_LOW_BUDGET',
          data: ClickAnswerSchema,
        },
      },
      errors: ['DOMAIN_INVALID', 'REGISTRAR_NOT_FOUND'],
    }),
    registrarId,
    vQuery(ClickQuery),
    vJson(UpdateClicksBody),
    async (c) => {
      const s = c.get('services');
      const body = c.req.valid('json');
      const result = await countClick(s.db, {
        registrarUid: c.req.valid('param').registrarId,
        domainInput: body.domainName ?? c.req.valid('query').dn ?? '',
        offerAmount: body.offerAmount,
        deviceId: c.req.header('x-device-id'),
        ip: clientIp(c, s.config.trustProxy),
        userAgent: c.req.header('user-agent'),
        now: s.now(),
      });
      if (result.lowBudget) {
        return c.json(success('REGISTERED_DOMAIN_LOW_BUDGET', { data: result }), 203);
      }
      return c.json({ data: result });
    },
  );

  /**
   * Self-service allowed origins (docs/registrar-integration.md): a registrar reads and edits the origins the widget
   * may be embedded on. Always the signed-in registrar's own list; effective at the next frame load.
   */
  app.get(
    '/registrar/origins',
    describeRoute({
      operationId: 'getRegistrarOrigins',
      summary: "The signed-in registrar's id and the origins its widget may be embedded on (Registrar).",
      tags,
      responses: { 200: { description: 'The list', data: RegistrarOriginsDoc } },
      errors: ['REGISTRAR_NOT_FOUND'],
    }),
    requireRegistrar,
    vQuery(NoQuery),
    async (c) => c.json({ data: await getOrigins(c.get('services').db, c.get('auth').user) }),
  );

  app.post(
    '/registrar/origins',
    describeRoute({
      operationId: 'addRegistrarOrigin',
      summary:
        'Adds an origin the widget may be embedded on (Registrar): https://host[:port], http only for localhost and 127.0.0.1, no path, query or wildcard; stored normalised (lower case, punycode, no default port). At most 20.',
      tags,
      responses: {
        201: { description: SUCCESS.ORIGIN_ADDED, code: 'ORIGIN_ADDED', data: RegistrarOriginsDoc },
      },
      errors: ['REGISTRAR_NOT_FOUND', 'ORIGIN_ALREADY_ADDED', 'ORIGIN_LIMIT'],
    }),
    requireRegistrar,
    vQuery(NoQuery),
    vJson(AddOriginBody),
    async (c) => {
      const data = await addOrigin(c.get('services').db, c.get('auth').user, c.req.valid('json').origin);
      return c.json(success('ORIGIN_ADDED', { data }), 201);
    },
  );

  app.delete(
    '/registrar/origins',
    describeRoute({
      operationId: 'removeRegistrarOrigin',
      summary:
        'Removes an origin (Registrar), compared after normalisation; the widget stops appearing there at the next frame load.',
      tags,
      responses: {
        200: { description: SUCCESS.ORIGIN_REMOVED, code: 'ORIGIN_REMOVED', data: RegistrarOriginsDoc },
      },
      errors: ['REGISTRAR_NOT_FOUND', 'ORIGIN_NOT_FOUND'],
    }),
    requireRegistrar,
    vQuery(NoQuery),
    vJson(RemoveOriginBody),
    async (c) => {
      const data = await removeOrigin(c.get('services').db, c.get('auth').user, c.req.valid('json').origin);
      return c.json(success('ORIGIN_REMOVED', { data }));
    },
  );

  return app;
}
