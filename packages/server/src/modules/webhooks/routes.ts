/**
 * Signed webhooks over HTTP (packages/shared/src/schemas/webhooks.ts is the wire contract). Registrar
 * only: guests get 401, every other role 403; a Registrar account without a registrar 403.
 */

import {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '@domain-broker/shared/schemas/webhooks';
import { SUCCESS, type SuccessCode, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv, Services } from '#server/deps.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { IdParam, NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { requireRegistrar } from '../auth/middleware.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  registrarOf,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './service.ts';

const EndpointDoc = component('WebhookEndpoint', WebhookEndpointSchema);
const EndpointSecretDoc = component('WebhookEndpointWithSecret', WebhookEndpointWithSecretSchema);
const DeliveryDoc = component('WebhookDelivery', WebhookDeliverySchema);
const tags = ['webhooks'];
const ENDPOINT_ERRORS = ['WEBHOOK_NO_REGISTRAR', 'WEBHOOK_ENDPOINT_NOT_FOUND'] as const;

/**
 * The handler of a route on one of the caller's endpoints or deliveries (the path's id): `act` with the
 * services and the caller's registrar, answered `{ message, data }` (`{ data }` without a message).
 */
const onOwn =
  <T>(act: (s: Services, registrarUid: string, id: string) => Promise<T>, code?: SuccessCode) =>
  async (c: Context<AppEnv, string, { out: { param: { id: string } } }>) => {
    const data = await act(c.get('services'), registrarOf(c.get('auth').user), c.req.valid('param').id);
    return c.json(code ? success(code, { data }) : { data });
  };

export function webhookRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/webhooks/endpoints',
    describeRoute({
      operationId: 'listWebhookEndpoints',
      summary: "The registrar's webhook endpoints (never their secrets).",
      tags,
      responses: { 200: { description: 'The endpoints', data: v.array(EndpointDoc) } },
      errors: ['WEBHOOK_NO_REGISTRAR'],
    }),
    requireRegistrar,
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      return c.json({ data: await listEndpoints(s, registrarOf(c.get('auth').user)) });
    },
  );

  app.post(
    '/webhooks/endpoints',
    describeRoute({
      operationId: 'createWebhookEndpoint',
      summary:
        'Add an https endpoint (http only for localhost outside production; never a private address in production). The answer carries the whsec_ signing secret: shown this once.',
      tags,
      responses: {
        201: {
          description: SUCCESS.WEBHOOK_ENDPOINT_ADDED,
          code: 'WEBHOOK_ENDPOINT_ADDED',
          data: EndpointSecretDoc,
        },
      },
      errors: [
        'WEBHOOK_NO_REGISTRAR',
        'WEBHOOK_URL_INVALID',
        'WEBHOOK_URL_NOT_ALLOWED',
        'WEBHOOK_ENDPOINT_LIMIT',
      ],
    }),
    requireRegistrar,
    vQuery(NoQuery),
    vJson(CreateWebhookEndpointBody),
    async (c) => {
      const s = c.get('services');
      const data = await createEndpoint(s, registrarOf(c.get('auth').user), c.req.valid('json'));
      return c.json(success('WEBHOOK_ENDPOINT_ADDED', { data }), 201);
    },
  );

  app.patch(
    '/webhooks/endpoints/:id',
    describeRoute({
      operationId: 'updateWebhookEndpoint',
      summary: 'Change the URL or event types of an endpoint, or enable / disable it.',
      tags,
      responses: {
        200: {
          description: SUCCESS.WEBHOOK_ENDPOINT_UPDATED,
          code: 'WEBHOOK_ENDPOINT_UPDATED',
          data: EndpointDoc,
        },
      },
      errors: [...ENDPOINT_ERRORS, 'WEBHOOK_URL_INVALID', 'WEBHOOK_URL_NOT_ALLOWED'],
    }),
    requireRegistrar,
    vParam(IdParam),
    vQuery(NoQuery),
    vJson(UpdateWebhookEndpointBody),
    async (c) => {
      const s = c.get('services');
      const data = await updateEndpoint(
        s,
        registrarOf(c.get('auth').user),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json(success('WEBHOOK_ENDPOINT_UPDATED', { data }));
    },
  );

  app.delete(
    '/webhooks/endpoints/:id',
    describeRoute({
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete an endpoint with its delivery log; its pending messages are not sent.',
      tags,
      responses: { 200: { description: SUCCESS.WEBHOOK_ENDPOINT_DELETED, code: 'WEBHOOK_ENDPOINT_DELETED' } },
      errors: [...ENDPOINT_ERRORS],
    }),
    requireRegistrar,
    vParam(IdParam),
    vQuery(NoQuery),
    onOwn(deleteEndpoint, 'WEBHOOK_ENDPOINT_DELETED'),
  );

  app.post(
    '/webhooks/endpoints/:id/rotate',
    describeRoute({
      operationId: 'rotateWebhookSecret',
      summary:
        'A new signing secret (shown this once). The previous one keeps signing for 24 hours: both signatures are sent meanwhile.',
      tags,
      responses: {
        200: {
          description: SUCCESS.WEBHOOK_SECRET_ROTATED,
          code: 'WEBHOOK_SECRET_ROTATED',
          data: EndpointSecretDoc,
        },
      },
      errors: [...ENDPOINT_ERRORS],
    }),
    requireRegistrar,
    vParam(IdParam),
    vQuery(NoQuery),
    onOwn(rotateSecret, 'WEBHOOK_SECRET_ROTATED'),
  );

  app.post(
    '/webhooks/endpoints/:id/test',
    describeRoute({
      operationId: 'sendWebhookTest',
      summary:
        'Send a signed webhook.test message to the endpoint now; the answer is its delivery after the first attempt.',
      tags,
      responses: {
        200: { description: SUCCESS.WEBHOOK_TEST_SENT, code: 'WEBHOOK_TEST_SENT', data: DeliveryDoc },
      },
      errors: [...ENDPOINT_ERRORS],
    }),
    requireRegistrar,
    vParam(IdParam),
    vQuery(NoQuery),
    onOwn(sendTestEvent, 'WEBHOOK_TEST_SENT'),
  );

  app.get(
    '/webhooks/endpoints/:id/deliveries',
    describeRoute({
      operationId: 'listWebhookDeliveries',
      summary:
        "The endpoint's delivery log, newest first (at most 100): status, attempts, last status code, times.",
      tags,
      responses: { 200: { description: 'The deliveries', data: v.array(DeliveryDoc) } },
      errors: [...ENDPOINT_ERRORS],
    }),
    requireRegistrar,
    vParam(IdParam),
    vQuery(NoQuery),
    onOwn(listDeliveries),
  );

  app.post(
    '/webhooks/deliveries/:id/redeliver',
    describeRoute({
      operationId: 'redeliverWebhook',
      summary:
        'Send a message again with the same webhook-id: pending with a fresh round of retries, first attempt now.',
      tags,
      responses: {
        200: {
          description: SUCCESS.WEBHOOK_REDELIVERY_QUEUED,
          code: 'WEBHOOK_REDELIVERY_QUEUED',
          data: DeliveryDoc,
        },
      },
      errors: ['WEBHOOK_NO_REGISTRAR', 'WEBHOOK_DELIVERY_NOT_FOUND'],
    }),
    requireRegistrar,
    vParam(IdParam),
    vQuery(NoQuery),
    onOwn(redeliver, 'WEBHOOK_REDELIVERY_QUEUED'),
  );

  return app;
}
