import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let header: TestApp;
let plain: TestApp;
beforeAll(async () => {
  header = await createTestApp({ env: { COUNTRY_HEADER: 'CF-IPCountry', BLOCKED_COUNTRIES: 'kp, ir' } });
  plain = await createTestApp({ env: { BLOCKED_COUNTRIES: 'KP' } });
});
afterAll(async () => {
  await header.close();
  await plain.close();
});

describe('location', () => {
  it('answers 307 for a blocked country from the trusted header', async () => {
    const r = await header.call('GET', '/checkBlockedCountry', undefined, { 'cf-ipcountry': 'KP' });
    expect(r.status).toBe(307);
    expect(r.body).toEqual({
      message: 'Our service is not available in your area yet.',
      code: 'LOCATION_NOT_SUPPORTED',
    });
    expect(r.headers.get('location')).toBeNull();
  });
  it('answers 200 for other countries', async () => {
    const r = await header.call('GET', '/checkBlockedCountry', undefined, { 'cf-ipcountry': 'DE' });
    expect(r).toMatchObject({ status: 200, body: { data: { blocked: false, country_code: 'DE' } } });
  });
  it('names the country', async () => {
    const r = await header.call('GET', '/location', undefined, { 'cf-ipcountry': 'fr' });
    expect(r.body).toEqual({ data: { country_name: 'France', country_code: 'FR' } });
  });
  it('falls back to United States / US when the country is unknown', async () => {
    expect((await header.call('GET', '/location')).body).toEqual({
      data: { country_name: 'United States', country_code: 'US' },
    });
    expect(
      (await header.call('GET', '/location', undefined, { 'cf-ipcountry': 'XX' })).body.data.country_code,
    ).toBe('US');
  });
  it('ignores the header when COUNTRY_HEADER is not configured', async () => {
    const r = await plain.call('GET', '/checkBlockedCountry', undefined, { 'cf-ipcountry': 'KP' });
    expect(r.status).toBe(200);
    expect(
      (await plain.call('GET', '/location', undefined, { 'cf-ipcountry': 'KP' })).body.data.country_code,
    ).toBe('US');
  });
});
