/**
 * GET /api/availability?domain=x.com: is the name registered? Public (the widget frame asks it for
 * each search), limited per address, looked up over RDAP by the service, answered from its cache when
 * it can. A lookup that fails is `unknown`, never an error.
 */
import { AvailabilityQuery, AvailabilitySchema } from '@domain-broker/shared/schemas/availability';
import { Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { vQuery } from '#server/lib/validate.ts';
import { availabilityOf } from './service.ts';

const AvailabilityDoc = component('Availability', AvailabilitySchema);

export function availabilityRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/availability',
    describeRoute({
      operationId: 'getAvailability',
      summary:
        "Whether a domain name is registered, from its registry's RDAP server: 'registered', 'available', " +
        "or 'unknown' when the registry could not be asked or did not answer in time. Limited per address.",
      tags: ['registrars'],
      responses: {
        200: {
          description: 'The answer',
          data: AvailabilityDoc,
          headers: { 'Cache-Control': { description: 'private, max-age=60' } },
        },
      },
      errors: ['RATE_LIMITED'],
    }),
    vQuery(AvailabilityQuery),
    async (c) => {
      const s = c.get('services');
      const data = await availabilityOf(s, clientIp(c, s.config.trustProxy), c.req.valid('query').domain);
      c.header('Cache-Control', 'private, max-age=60');
      return c.json({ data });
    },
  );

  return app;
}
