/** Where the visitor is (blocked countries, the location fallback: docs/product.md "Public pages"). */

import { BlockedCountrySchema, LocationSchema } from '@domain-broker/shared/schemas/location';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vQuery } from '#server/lib/validate.ts';
import { checkBlockedCountry, locationOf } from './service.ts';

export function locationRoutes() {
  const app = new Hono<AppEnv>();

  /** 307 (the spec's "location not supported") for a visitor from a blocked country. */
  app.get(
    '/checkBlockedCountry',
    describeRoute({
      operationId: 'checkBlockedCountry',
      summary: "307 (location not supported) when the visitor's country is blocked.",
      tags: ['location'],
      responses: {
        200: {
          description: 'Allowed',
          data: BlockedCountrySchema,
        },
      },
      errors: ['LOCATION_NOT_SUPPORTED'],
    }),
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      return c.json({ data: checkBlockedCountry(s.config.blockedCountries, await s.countryLookup(c)) });
    },
  );

  /** The visitor's country, with the spec's United States / US fallback. */
  app.get(
    '/location',
    describeRoute({
      operationId: 'getLocation',
      summary: "The visitor's country; United States / US when unknown.",
      tags: ['location'],
      responses: {
        200: {
          description: 'Location',
          data: LocationSchema,
        },
      },
    }),
    vQuery(NoQuery),
    async (c) => c.json({ data: locationOf(await c.get('services').countryLookup(c)) }),
  );
  return app;
}
