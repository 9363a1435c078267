/** HSTS: sent in production when the public address is https, and never otherwise. */
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { createTestApp } from './test/harness.ts';

describe('Strict-Transport-Security', () => {
  it('is one year with subdomains in production on https, absent on http and outside production', async () => {
    const t = await createTestApp();
    try {
      const production = (publicUrl: string) =>
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: publicUrl,
          ALLOW_OUTBOX_IN_PRODUCTION: 'true',
          ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
          LOG_LEVEL: 'silent',
        });
      const hstsOf = async (config: ReturnType<typeof loadConfig>) => {
        const app = createApp({ db: t.db, config, logger: createLogger('silent'), hasher: t.hasher });
        return (await app.request('/api/health')).headers.get('strict-transport-security');
      };
      expect(await hstsOf(production('https://broker.example'))).toBe('max-age=31536000; includeSubDomains');
      expect(await hstsOf(production('http://broker.example'))).toBeNull();
      expect(await hstsOf({ ...t.config, publicUrl: 'https://broker.example' })).toBeNull();
    } finally {
      await t.close();
    }
  });
});
