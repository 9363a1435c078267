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

  it('listens on this machine only in development, on every interface in production, HOST wins', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    const prod = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://x.example',
      ALLOW_OUTBOX_IN_PRODUCTION: 'true',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    };
    expect(loadConfig(prod).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...prod, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
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
        ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
      }).mailTransport,
    ).toBe('outbox');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://x.example',
        SMTP_URL: 'smtp://mail:25',
        ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
      }).mailTransport,
    ).toBe('smtp');
  });

  it('takes payments in the sandbox unless a Stripe key is set', () => {
    expect(loadConfig({}).payments).toEqual({
      provider: 'sandbox',
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
      stripeWebhookSecret: undefined,
      stripeApiUrl: undefined,
    });
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      STRIPE_API_URL: 'http://127.0.0.1:4010',
    };
    expect(loadConfig(stripe).payments).toEqual({
      provider: 'stripe',
      stripeSecretKey: 'sk_test_123',
      stripePublishableKey: 'pk_test_123',
      stripeWebhookSecret: 'whsec_123',
      stripeApiUrl: 'http://127.0.0.1:4010',
    });
    expect(loadConfig({ ...stripe, PAYMENTS_PROVIDER: 'sandbox' }).payments.provider).toBe('sandbox');
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY.*\n.*STRIPE_PUBLISHABLE_KEY/s,
    );
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'sk_test_1' })).toThrow(
      /must be a Stripe secret key[\s\S]*must be a Stripe publishable key/,
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(
      /PAYMENTS_PROVIDER must be sandbox or stripe/,
    );
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });

  it('refuses sandbox payments in production unless explicitly allowed, and Stripe without its webhook secret', () => {
    const prod = { NODE_ENV: 'production', PUBLIC_URL: 'https://x.example', SMTP_URL: 'smtp://mail:25' };
    expect(() => loadConfig(prod)).toThrow(/PAYMENTS_PROVIDER: production would take test payments/);
    expect(loadConfig({ ...prod, ALLOW_SANDBOX_PAYMENTS: 'true' }).payments.provider).toBe('sandbox');
    // The older name still works.
    expect(loadConfig({ ...prod, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' }).payments.provider).toBe(
      'sandbox',
    );
    const keys = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' };
    expect(() => loadConfig({ ...prod, ...keys })).toThrow(/STRIPE_WEBHOOK_SECRET: required in production/);
    expect(loadConfig({ ...prod, ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_1' }).payments.provider).toBe(
      'stripe',
    );
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
