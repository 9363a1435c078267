/**
 * Visitor country: from a trusted proxy header (e.g. Cloudflare's cf-ipcountry) when COUNTRY_HEADER is
 * set, otherwise from a MaxMind-format database (GEOIP_DB) when one is configured, otherwise unknown.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { Context } from 'hono';
import type { Config } from '#server/config.ts';
import { clientIp } from '#server/lib/client-ip.ts';

export type CountryLookup = (c: Context) => Promise<string | undefined>;

import type { CountryResponse } from 'maxmind';

type CountryRecord = CountryResponse;

type Reader = { get(ip: string): CountryRecord | null };

/** Opens the MaxMind file (if configured) on first use; main.ts calls openGeoip at boot to fail early. */
export async function openGeoip(path: string): Promise<Reader> {
  const maxmind = await import('maxmind');
  return maxmind.open<CountryRecord>(path);
}

export function createCountryLookupSync(config: Config): CountryLookup {
  let readerP: Promise<Reader | undefined> | undefined;
  return async (c) => {
    if (config.countryHeader) {
      const h = c.req.header(config.countryHeader)?.trim().toUpperCase();
      if (h && /^[A-Z]{2}$/.test(h) && h !== 'XX' && h !== 'T1') return h;
    }
    if (config.geoipDb) {
      readerP ??= openGeoip(config.geoipDb).catch(() => undefined);
      const reader = await readerP;
      if (!reader) return undefined;
      const ip = clientIp(c, config.trustProxy);
      try {
        const rec = ip ? reader.get(ip) : null;
        const code = rec?.country?.iso_code ?? rec?.registered_country?.iso_code;
        if (code) return code.toUpperCase();
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
}

const names = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** GET /checkBlockedCountry: LOCATION_NOT_SUPPORTED (307) for a visitor from a blocked country. */
export function checkBlockedCountry(blockedCountries: readonly string[], code: string | undefined) {
  if (code && blockedCountries.includes(code)) throw new AppError('LOCATION_NOT_SUPPORTED');
  return { blocked: false as const, country_code: code ?? null };
}

/** GET /location: the visitor's country, with the spec's United States / US when unknown. */
export function locationOf(code: string | undefined) {
  return code
    ? { country_name: countryName(code), country_code: code }
    : { country_name: 'United States', country_code: 'US' };
}
