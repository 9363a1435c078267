/** GET /api/openapi.json: the API document, generated from the mounted routes (lib/openapi.ts). */
import { anyObject } from '@domain-broker/shared/schemas/common';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { describeRoute, type Json, openApiDocument } from '#server/lib/openapi.ts';
import { NoQuery, vQuery } from '#server/lib/validate.ts';

interface MountedRoute {
  method: string;
  path: string;
  handler: unknown;
}

export const API_DESCRIPTION = [
  'The Domain Broker API. Success answers `{ message?, data? }`; failures `{ message, code, errors? }` with a code',
  'of the error catalogue (each failure response lists the codes it can carry). 201, 203 and 207 use the success',
  'shape. Every answer carries `X-Request-Id`; API answers are `Cache-Control: no-store` unless stated.',
  'Bodies are JSON objects of at most 64 KB unless stated; unknown fields and unknown query parameters are refused.',
].join(' ');

const TAGS: Record<string, string> = {
  auth: 'Sign-up, sign-in, codes and passwords.',
  profile: "The signed-in user's profile and the role list.",
  appraisal: 'Appraisals with their daily limits, search history and certificates.',
  staff: 'The staff tools: manual appraisals and category percentages.',
  registrars: 'Registrars, their widget and click counting.',
  location: "The visitor's country.",
  config: 'What clients need to know about this deployment.',
  files: 'Image uploads.',
  contact: 'Contact Us.',
  selling: "Sell submissions: the seller's domains, the address confirmation and the comment.",
  mail: 'Mail preferences: unsubscribing and turning mail back on.',
  meta: 'Health and this document.',
  development: 'Development helpers, absent in production.',
};

/** `routes` reads the whole app's routes once it is built (the document describes every mounted route). */
export function openapiRoutes(routes: () => readonly MountedRoute[]) {
  const app = new Hono<AppEnv>();
  let document: Json | undefined;
  app.get(
    '/openapi.json',
    describeRoute({
      operationId: 'getOpenApiDocument',
      summary: 'This document.',
      tags: ['meta'],
      responses: { 200: { description: 'OpenAPI 3.0 document', body: anyObject } },
    }),
    vQuery(NoQuery),
    (c) => {
      document ??= openApiDocument(routes(), {
        title: 'Domain Broker API',
        version: '0.1.0',
        description: API_DESCRIPTION,
        base: '/api',
        tags: TAGS,
        context: c,
      });
      return c.json(document);
    },
  );
  return app;
}
