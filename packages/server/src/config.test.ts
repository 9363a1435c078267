import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults for a laptop', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      mailTransport: 'outbox',
      passwordHashCost: 'standard',
      session: { idleMinutes: 60, maxDays: 30 },
      supportedExtensions: ['com', 'net', 'org', 'xyz', 'co', 'io', 'ca'],
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
  });

  it('names every bad variable in one error', () => {
    let err: ConfigError | undefined;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        TRUST_PROXY: 'maybe',
        BLOCKED_COUNTRIES: 'USA',
        NODE_ENV: 'staging',
      });
    } catch (e) {
      err = e as ConfigError;
    }
    expect(err).toBeInstanceOf(ConfigError);
    for (const name of ['PORT', 'DATABASE_URL', 'TRUST_PROXY', 'BLOCKED_COUNTRIES', 'NODE_ENV'])
      expect(err?.message).toContain(name);
  });

  it('refuses outbox mail in production unless explicitly allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example' })).toThrow(
      /MAIL_TRANSPORT/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://x.example',
        ALLOW_OUTBOX_IN_PRODUCTION: 'true',
      }).mailTransport,
    ).toBe('outbox');
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://x.example', SMTP_URL: 'smtp://mail:25' })
        .mailTransport,
    ).toBe('smtp');
  });

  it('refuses the test password cost in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://x.example',
        SMTP_URL: 'smtp://m:25',
        PASSWORD_HASH_COST: 'test',
      }),
    ).toThrow(/PASSWORD_HASH_COST/);
  });

  it('reads lists and numbers', () => {
    const c = loadConfig({
      BLOCKED_COUNTRIES: 'kp, ir',
      RATE_LIMIT_SIGNIN_PER_IP: '7',
      SUPPORTED_EXTENSIONS: '.com,Net',
    });
    expect(c.blockedCountries).toEqual(['KP', 'IR']);
    expect(c.rateLimit.signinPerIp).toBe(7);
    expect(c.supportedExtensions).toEqual(['com', 'net']);
  });
});
