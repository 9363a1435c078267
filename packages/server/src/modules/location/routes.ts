import { AppError } from '@domain-broker/shared/errors';
import { Hono } from 'hono';
import type { AppEnv } from '../../deps.ts';
import { NoQuery, readQuery } from '../../lib/validate.ts';
import { countryName } from './service.ts';

export function locationRoutes() {
  const app = new Hono<AppEnv>();
  /** 307 (the spec's "location not supported") for a visitor from a blocked country. */
  app.get('/checkBlockedCountry', async (c) => {
    readQuery(c, NoQuery);
    const s = c.get('services');
    const code = await s.countryLookup(c);
    if (code && s.config.blockedCountries.includes(code)) throw new AppError('LOCATION_NOT_SUPPORTED');
    return c.json({ data: { blocked: false, country_code: code ?? null } });
  });
  /** The visitor's country, with the spec's United States / US fallback. */
  app.get('/location', async (c) => {
    readQuery(c, NoQuery);
    const code = await c.get('services').countryLookup(c);
    return c.json({
      data: code
        ? { country_name: countryName(code), country_code: code }
        : { country_name: 'United States', country_code: 'US' },
    });
  });
  return app;
}
