/**
 * What createApp needs (AppDeps), what buildServices (src/services.ts) builds from them once for the
 * app's lifetime (Services), and
 * the Hono environment every router shares (AppEnv). Tests build the deps over a fresh database;
 * main.ts builds them from config. A route reaches anything it needs through `c.get('services')`:
 * no module-level state, no caches keyed by the app (docs/architecture.md).
 */
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { CaptchaVerifier } from './lib/captcha.ts';
import type { Clock } from './lib/clock.ts';
import type { PasswordHasher } from './lib/crypto.ts';
import type { Logger } from './lib/logger.ts';
import type { EnqueueMail } from './lib/mail/types.ts';
import type { Metrics } from './lib/metrics.ts';
import type { PaymentProvider } from './lib/payments/index.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { PaidLeadCheck } from './modules/appraisal/caller.ts';
import type { GoogleVerifier } from './modules/auth/google.ts';
import type { LinkedInClient } from './modules/auth/linkedin.ts';
import type { Authenticated, SessionLookup } from './modules/auth/sessions.ts';
import type { AvailabilityChecker } from './modules/availability/service.ts';
import type { FileStore } from './modules/files/store.ts';
import type { CountryLookup } from './modules/location/service.ts';
import type { LeadPrefersPhone } from './modules/profile/service.ts';

export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** Defaults to the system clock. */
  now?: Clock;
  /** Defaults to argon2id at config.passwordHashCost. */
  hasher?: PasswordHasher;
  /** Defaults to the database-backed limiter. */
  rateLimiter?: RateLimiter;
  /** Defaults to the mail library's enqueueMail. */
  enqueueMail?: EnqueueMail;
  /** Called shortly after mail was queued (main.ts nudges the mail job). */
  onMailQueued?: () => void;
  /** Defaults to the configured header / MaxMind file lookup. */
  countryLookup?: CountryLookup;
  /** Defaults to Google's published keys when GOOGLE_CLIENT_ID is set (tests pass a stand-in). */
  googleVerifier?: GoogleVerifier;
  /** Defaults to the configured Turnstile-compatible check (off without CAPTCHA_SECRET). */
  captcha?: CaptchaVerifier;
  /** Whether a user has a paid lead (20 appraisals a day); defaults to the leads module's check. */
  paidLeadCheck?: PaidLeadCheck;
  /** Whether an open lead of the user prefers the phone; defaults to the leads module's check. */
  leadPrefersPhone?: LeadPrefersPhone;
  /** packages/widget-sdk/dist (loader and frame); found next to the server when not given. */
  widgetDir?: string;
  /** The built portal (packages/portal/dist); served with an SPA fallback when given. */
  staticDir?: string;
  /** Uploaded files; defaults to the folder DATA_DIR/uploads. */
  fileStore?: FileStore;
  /** Defaults to the configured provider (lib/payments: Stripe, or the sandbox). */
  payments?: PaymentProvider;
  /** Defaults to RDAP lookups as configured (config.rdap). */
  availability?: AvailabilityChecker;
  /** Defaults to the database's session lookup (modules/auth/sessions.ts); the throughput bench passes a fixed one to time the app alone. */
  sessionLookup?: SessionLookup;
  /** Checks the database; GET /api/health answers 503 when false. Defaults to SELECT 1. */
  ping?: () => Promise<boolean>;
  /** The metrics registry (main.ts shares it with the job runner); a fresh one by default. */
  metrics?: Metrics;
}

/** Built once by buildServices (src/services.ts) and handed to every route. */
export interface Services {
  db: Db;
  config: Config;
  logger: Logger;
  now: Clock;
  hasher: PasswordHasher;
  rateLimiter: RateLimiter;
  enqueueMail: EnqueueMail;
  /** What `GET /metrics` serves (lib/metrics.ts). */
  metrics: Metrics;
  countryLookup: CountryLookup;
  /** Finds the live session of a bearer token (the auth module's prepared lookup). */
  sessions: SessionLookup;
  /** Undefined when GOOGLE_CLIENT_ID is not set. */
  google: GoogleVerifier | undefined;
  /** Undefined when LINKEDIN_CLIENT_ID / LINKEDIN_CLIENT_SECRET are not set. */
  linkedin: LinkedInClient | undefined;
  captcha: CaptchaVerifier;
  /** The per-minute limiter of the appraisal robot check. */
  appraisalBurst: RateLimiter;
  paidLeadCheck: PaidLeadCheck;
  leadPrefersPhone: LeadPrefersPhone;
  /** Uploaded files. */
  files: FileStore;
  /** Is a domain registered (RDAP, cached; modules/availability). */
  availability: AvailabilityChecker;
  /** Stripe, or the offline sandbox (lib/payments). */
  payments: PaymentProvider;
}

/** Hono environment of every router. */
export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    /** Set by requireAuth (and by optionalAuth when a token is sent). */
    auth: Authenticated;
    /** Set by optionalAuth: the session, or undefined for a guest. */
    viewer: Authenticated | undefined;
  };
}
