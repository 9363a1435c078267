/**
 * Configuration: the only module that reads the environment. Everything is validated once at boot;
 * a bad value stops the process with one message naming every offending variable.
 */
import * as v from 'valibot';

type Env = Record<string, string | undefined>;

/** LinkedIn's OpenID Connect issuer (its discovery document: <issuer>/.well-known/openid-configuration). */
export const LINKEDIN_ISSUER = 'https://www.linkedin.com/oauth';

const bool = (name: string, fallback: boolean) =>
  v.pipe(
    v.optional(v.string(), fallback ? 'true' : 'false'),
    v.transform((s) => s.trim().toLowerCase()),
    v.picklist(['true', 'false', '1', '0', 'yes', 'no', ''], `${name} must be true or false`),
    v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
  );

const int = (name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((s) => (s.trim() === '' ? fallback : Number(s))),
    v.number(`${name} must be a whole number`),
    v.integer(`${name} must be a whole number`),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

const optionalString = v.pipe(
  v.optional(v.string()),
  v.transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim())),
);

const url = (name: string, protocols: string[]) =>
  v.pipe(
    optionalString,
    v.check(
      (s) => {
        if (s === undefined) return true;
        try {
          return protocols.includes(new URL(s).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a URL (${protocols.join(' or ')})`,
    ),
  );

const list = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
);

const EnvSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'NODE_ENV must be development, production or test'),
    'development',
  ),
  PORT: int('PORT', 3000, 0, 65535),
  HOST: optionalString,
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  DATABASE_TIMEOUT_MS: int('DATABASE_TIMEOUT_MS', 5000, 100, 600_000),
  SHUTDOWN_GRACE_SECONDS: int('SHUTDOWN_GRACE_SECONDS', 8, 1, 3600),
  DATA_DIR: v.optional(v.string(), './data'),
  STATIC_DIR: optionalString,
  CJK_FONT_PATH: optionalString,
  LOG_LEVEL: v.optional(
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ),
  ),
  TRUST_PROXY: bool('TRUST_PROXY', false),
  METRICS_TOKEN: v.pipe(
    optionalString,
    v.check((s) => s === undefined || s.length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
  ),
  COUNTRY_HEADER: v.pipe(
    optionalString,
    v.transform((s) => s?.toLowerCase()),
  ),
  GEOIP_DB: optionalString,
  BLOCKED_COUNTRIES: v.pipe(
    list,
    v.transform((a) => a.map((c) => c.toUpperCase())),
    v.check(
      (a) => a.every((c) => /^[A-Z]{2}$/.test(c)),
      'BLOCKED_COUNTRIES must be two-letter country codes, comma-separated',
    ),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: v.pipe(
    url('GOOGLE_JWKS_URL', ['http:', 'https:']),
    v.transform((s) => s ?? 'https://www.googleapis.com/oauth2/v3/certs'),
  ),
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  LINKEDIN_ISSUER: url('LINKEDIN_ISSUER', ['http:', 'https:']),
  MAIL_TRANSPORT: v.optional(v.picklist(['outbox', 'smtp'], 'MAIL_TRANSPORT must be outbox or smtp')),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: v.optional(v.string(), 'Domain Broker <no-reply@localhost>'),
  ALLOW_OUTBOX_IN_PRODUCTION: bool('ALLOW_OUTBOX_IN_PRODUCTION', false),
  ADMIN_EMAIL: v.pipe(
    optionalString,
    v.transform((s) => s?.toLowerCase()),
    v.check(
      (s) => s === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
      'ADMIN_EMAIL must be an email address',
    ),
  ),
  DEMO_PASSWORD: v.pipe(
    v.optional(v.string(), 'Demo@Pass1'),
    v.check(
      (s) => s.length >= 8 && /\d/.test(s) && /[A-Z]/.test(s) && /[@$!%*?&]/.test(s),
      'DEMO_PASSWORD must be 8+ characters with a digit, an uppercase letter and one of @$!%*?&',
    ),
  ),
  PASSWORD_HASH_COST: v.optional(
    v.picklist(['standard', 'test'], 'PASSWORD_HASH_COST must be standard or test'),
    'standard',
  ),
  SESSION_IDLE_MINUTES: int('SESSION_IDLE_MINUTES', 60, 1),
  SESSION_MAX_DAYS: int('SESSION_MAX_DAYS', 30, 1),
  RATE_LIMIT_WINDOW_SECONDS: int('RATE_LIMIT_WINDOW_SECONDS', 900, 1),
  RATE_LIMIT_SIGNIN_PER_IP: int('RATE_LIMIT_SIGNIN_PER_IP', 100, 1),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: int('RATE_LIMIT_SIGNIN_PER_ACCOUNT', 10, 1),
  RATE_LIMIT_SIGNUP_PER_IP: int('RATE_LIMIT_SIGNUP_PER_IP', 30, 1),
  RATE_LIMIT_MAIL_PER_IP: int('RATE_LIMIT_MAIL_PER_IP', 30, 1),
  RATE_LIMIT_MAIL_PER_ACCOUNT: int('RATE_LIMIT_MAIL_PER_ACCOUNT', 5, 1),
  RATE_LIMIT_AVAILABILITY_PER_IP: int('RATE_LIMIT_AVAILABILITY_PER_IP', 300, 1),
  SUPPORTED_EXTENSIONS: v.pipe(
    v.optional(v.string(), 'com,net,org,xyz,co,io,ca'),
    v.transform((s) =>
      s
        .split(',')
        .map((x) => x.trim().toLowerCase().replace(/^\./, ''))
        .filter(Boolean),
    ),
  ),
  UPGRADE_REGISTRAR_ID: optionalString,
  UPGRADES_URL: url('UPGRADES_URL', ['http:', 'https:']),
  SUPPORT_PHONE: v.optional(v.string(), '+1 (813) 555-0142'),
  SUPPORT_EMAIL: v.optional(v.string(), 'support@domainbroker.example'),
  SELL_NAMESERVERS: v.pipe(
    v.optional(v.string(), 'ns1.domainbroker.example,ns2.domainbroker.example'),
    v.transform((s) =>
      s
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
    ),
    v.check((l) => l.length === 2, 'must name two nameservers, separated by a comma'),
  ),
  SELL_ONBOARDING_EMAIL: optionalString,
  MARKETPLACE_LOGIN_URL: url('MARKETPLACE_LOGIN_URL', ['http:', 'https:']),
  MARKETING_SITE_URL: url('MARKETING_SITE_URL', ['http:', 'https:']),
  REVIEW_WIDGET_URL: url('REVIEW_WIDGET_URL', ['https:']),
  MAINTENANCE_NOTICE: bool('MAINTENANCE_NOTICE', false),
  // Appraisals (docs/decisions/010-appraisal-limits.md): daily limits; 0 refuses every appraisal of that kind.
  APPRAISAL_LIMIT_GUEST: int('APPRAISAL_LIMIT_GUEST', 1, 0, 100_000),
  APPRAISAL_LIMIT_USER: int('APPRAISAL_LIMIT_USER', 5, 0, 100_000),
  APPRAISAL_LIMIT_PAID: int('APPRAISAL_LIMIT_PAID', 20, 0, 100_000),
  APPRAISAL_GUEST_IP_DAILY_CAP: int('APPRAISAL_GUEST_IP_DAILY_CAP', 20, 0, 1_000_000),
  APPRAISAL_BURST_PER_MINUTE: int('APPRAISAL_BURST_PER_MINUTE', 30, 1, 1_000_000),
  APPRAISAL_SHARE_LINK_DAYS: int('APPRAISAL_SHARE_LINK_DAYS', 30, 1, 3650),
  APPRAISAL_SCHEDULER: bool('APPRAISAL_SCHEDULER', true),
  PAYMENTS_PROVIDER: v.optional(
    v.picklist(['sandbox', 'stripe'], 'PAYMENTS_PROVIDER must be sandbox or stripe'),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: url('STRIPE_API_URL', ['http:', 'https:']),
  /** The documented name; ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION is kept as an alias. */
  ALLOW_SANDBOX_PAYMENTS: bool('ALLOW_SANDBOX_PAYMENTS', false),
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: bool('ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION', false),
  // Domain availability (modules/availability): RDAP, found through the IANA bootstrap registry.
  RDAP_BOOTSTRAP_URL: v.pipe(
    url('RDAP_BOOTSTRAP_URL', ['http:', 'https:']),
    v.transform((s) => s ?? 'https://data.iana.org/rdap/dns.json'),
  ),
  RDAP_BASE_URL: url('RDAP_BASE_URL', ['http:', 'https:']),
  RDAP_TIMEOUT_MS: int('RDAP_TIMEOUT_MS', 2500, 100, 60_000),
  CAPTCHA_SECRET: optionalString,
  CAPTCHA_SITE_KEY: optionalString,
  CAPTCHA_VERIFY_URL: v.pipe(
    url('CAPTCHA_VERIFY_URL', ['http:', 'https:']),
    v.transform((s) => s ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  ),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connect and statement timeout: a frozen database answers 503 after this long. */
  databaseTimeoutMs: number;
  /** SIGTERM: how long running requests may take before their connections are cut (under Docker's 10 s). */
  shutdownGraceSeconds: number;
  dataDir: string;
  staticDir: string | undefined;
  /** A CJK font file for the Chinese e-book; unset: the Noto Sans CJK package is looked for. */
  cjkFontPath: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** The bearer token of `GET /metrics`; unset: only this machine may scrape (docs/operations.md "Metrics"). */
  metricsToken: string | undefined;
  countryHeader: string | undefined;
  geoipDb: string | undefined;
  blockedCountries: string[];
  googleClientId: string | undefined;
  googleJwksUrl: string;
  /**
   * Sign in with LinkedIn (OpenID Connect, authorization-code flow): set when both LINKEDIN_CLIENT_ID and
   * LINKEDIN_CLIENT_SECRET are. `issuer` names the provider; its endpoints come from its discovery document.
   */
  linkedin: { clientId: string; clientSecret: string; issuer: string } | undefined;
  mailTransport: 'outbox' | 'smtp';
  smtpUrl: string | undefined;
  mailFrom: string;
  demoPassword: string;
  /** At start, an administrator with this address and a one-time set-password link, if none exists. */
  adminEmail: string | undefined;
  passwordHashCost: 'standard' | 'test';
  session: { idleMinutes: number; maxDays: number };
  rateLimit: {
    windowSeconds: number;
    signinPerIp: number;
    signinPerAccount: number;
    signupPerIp: number;
    mailPerIp: number;
    mailPerAccount: number;
    /** Domain availability checks per IP address and window. */
    availabilityPerIp: number;
  };
  supportedExtensions: string[];
  upgradeRegistrarId: string | undefined;
  upgradesUrl: string | undefined;
  supportPhone: string;
  supportEmail: string;
  /** The two nameservers a seller points a listed domain to (the thank-you page and the seller's mail). */
  sellNameservers: [string, string];
  /** Where sellers write for onboarding help (SUPPORT_EMAIL by default). */
  sellOnboardingEmail: string;
  marketplaceLoginUrl: string;
  marketingSiteUrl: string | undefined;
  reviewWidgetUrl: string | undefined;
  maintenanceNotice: boolean;
  appraisal: {
    limits: { guest: number; user: number; paid: number };
    /** Guest appraisals per IP address and day, whatever device ids it rotates through. */
    guestIpDailyCap: number;
    /** Appraisal requests per minute from one IP or one device before the robot answer (451). */
    burstPerMinute: number;
    shareLinkDays: number;
    /** Runs the weekly report scheduler in this process (the lease still makes it run once). */
    scheduler: boolean;
  };
  captcha: { secret: string | undefined; siteKey: string | undefined; verifyUrl: string };
  rdap: {
    /** IANA's RDAP bootstrap file for DNS (TLD → RDAP base URLs). */
    bootstrapUrl: string;
    /** One RDAP base URL for every TLD, instead of the bootstrap file (a local stand-in, a proxy). */
    baseUrl: string | undefined;
    /** Each RDAP request (bootstrap file or domain) gives up after this long: the answer is 'unknown'. */
    timeoutMs: number;
  };
  payments: {
    /** `stripe` when STRIPE_SECRET_KEY is set (or PAYMENTS_PROVIDER=stripe), else the offline sandbox. */
    provider: 'sandbox' | 'stripe';
    stripeSecretKey: string | undefined;
    stripePublishableKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Another Stripe API base (a local stand-in in tests); Stripe's own when unset. */
    stripeApiUrl: string | undefined;
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const KEYS = Object.keys(EnvSchema.entries);

/** Reads and validates the configuration. Pass an object in tests; defaults to process.env. */
export function loadConfig(env: Env = process.env): Config {
  const input: Env = {};
  for (const k of KEYS) if (env[k] !== undefined) input[k] = env[k];
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    const problems = result.issues.map((i) => {
      const key = i.path?.[0]?.key;
      return `${String(key ?? '?')}: ${i.message}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  const e = result.output;
  const problems: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox');
  if (mailTransport === 'smtp' && !e.SMTP_URL) problems.push('SMTP_URL: required when MAIL_TRANSPORT=smtp');
  if (isProduction && mailTransport === 'outbox' && !e.ALLOW_OUTBOX_IN_PRODUCTION)
    problems.push(
      'MAIL_TRANSPORT: production would keep mail in the outbox table; set SMTP_URL, or ALLOW_OUTBOX_IN_PRODUCTION=true to accept that',
    );
  const paymentsProvider = e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (paymentsProvider === 'stripe') {
    if (!e.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when PAYMENTS_PROVIDER=stripe');
    else if (!/^(sk|rk)_(test|live)_/.test(e.STRIPE_SECRET_KEY))
      problems.push('STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_… or sk_live_…)');
    if (!e.STRIPE_PUBLISHABLE_KEY)
      problems.push(
        'STRIPE_PUBLISHABLE_KEY: required when PAYMENTS_PROVIDER=stripe (the card form needs it)',
      );
    else if (!/^pk_(test|live)_/.test(e.STRIPE_PUBLISHABLE_KEY))
      problems.push('STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key (pk_test_… or pk_live_…)');
    if (isProduction && !e.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required in production (the webhook confirms every payment)');
  }
  if (
    isProduction &&
    paymentsProvider === 'sandbox' &&
    !e.ALLOW_SANDBOX_PAYMENTS &&
    !e.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION
  )
    problems.push(
      'PAYMENTS_PROVIDER: production would take test payments in the sandbox; set STRIPE_SECRET_KEY, or ALLOW_SANDBOX_PAYMENTS=true to accept that',
    );
  if (isProduction && e.PASSWORD_HASH_COST === 'test')
    problems.push('PASSWORD_HASH_COST: the test cost is refused in production');
  if (Boolean(e.LINKEDIN_CLIENT_ID) !== Boolean(e.LINKEDIN_CLIENT_SECRET))
    problems.push('LINKEDIN_CLIENT_SECRET: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET are set together');
  if (isProduction && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
  if (problems.length) throw new ConfigError(problems);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // Development answers this machine only (its outbox shows every code); production every interface.
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    dataDir: e.DATA_DIR,
    staticDir: e.STATIC_DIR,
    cjkFontPath: e.CJK_FONT_PATH,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    countryHeader: e.COUNTRY_HEADER,
    geoipDb: e.GEOIP_DB,
    blockedCountries: e.BLOCKED_COUNTRIES,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
    linkedin:
      e.LINKEDIN_CLIENT_ID && e.LINKEDIN_CLIENT_SECRET
        ? {
            clientId: e.LINKEDIN_CLIENT_ID,
            clientSecret: e.LINKEDIN_CLIENT_SECRET,
            issuer: (e.LINKEDIN_ISSUER ?? LINKEDIN_ISSUER).replace(/\/$/, ''),
          }
        : undefined,
    mailTransport,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoPassword: e.DEMO_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    passwordHashCost: e.PASSWORD_HASH_COST,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxDays: e.SESSION_MAX_DAYS },
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      signinPerIp: e.RATE_LIMIT_SIGNIN_PER_IP,
      signinPerAccount: e.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      signupPerIp: e.RATE_LIMIT_SIGNUP_PER_IP,
      mailPerIp: e.RATE_LIMIT_MAIL_PER_IP,
      mailPerAccount: e.RATE_LIMIT_MAIL_PER_ACCOUNT,
      availabilityPerIp: e.RATE_LIMIT_AVAILABILITY_PER_IP,
    },
    supportedExtensions: e.SUPPORTED_EXTENSIONS,
    upgradeRegistrarId: e.UPGRADE_REGISTRAR_ID,
    upgradesUrl: e.UPGRADES_URL,
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    sellNameservers: e.SELL_NAMESERVERS as [string, string],
    sellOnboardingEmail: e.SELL_ONBOARDING_EMAIL ?? e.SUPPORT_EMAIL,
    // unset: 'Login as a Seller' and the marketplace links are hidden instead of pointing at a placeholder
    marketplaceLoginUrl: e.MARKETPLACE_LOGIN_URL ?? '',
    marketingSiteUrl: e.MARKETING_SITE_URL,
    reviewWidgetUrl: e.REVIEW_WIDGET_URL,
    maintenanceNotice: e.MAINTENANCE_NOTICE,
    appraisal: {
      limits: { guest: e.APPRAISAL_LIMIT_GUEST, user: e.APPRAISAL_LIMIT_USER, paid: e.APPRAISAL_LIMIT_PAID },
      guestIpDailyCap: e.APPRAISAL_GUEST_IP_DAILY_CAP,
      burstPerMinute: e.APPRAISAL_BURST_PER_MINUTE,
      shareLinkDays: e.APPRAISAL_SHARE_LINK_DAYS,
      scheduler: e.APPRAISAL_SCHEDULER,
    },
    captcha: {
      secret: e.CAPTCHA_SECRET,
      siteKey: e.CAPTCHA_SITE_KEY,
      verifyUrl: e.CAPTCHA_VERIFY_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    },
    rdap: {
      bootstrapUrl: e.RDAP_BOOTSTRAP_URL ?? 'https://data.iana.org/rdap/dns.json',
      baseUrl: e.RDAP_BASE_URL,
      timeoutMs: e.RDAP_TIMEOUT_MS,
    },
    payments: {
      provider: paymentsProvider,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApiUrl: e.STRIPE_API_URL,
    },
  };
}
