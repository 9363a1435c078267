/** What createApp needs. Tests build these over a fresh database; main.ts builds them from config. */
import type { Config } from './config.ts';
import type { Db, DbOrTx } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { PasswordHasher } from './lib/crypto.ts';
import type { Logger } from './lib/logger.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { FileStore } from './modules/files/store.ts';
import type { CountryLookup } from './modules/location/service.ts';

export type MailTemplate =
  | 'verification-code'
  | 'reset-code'
  | 'temporary-password'
  | 'welcome'
  | 'appraisal-certificate'
  | 'weekly-appraisal-report';
/** A file sent with a message; `content` is base64 (it is stored in the outbox row as it is). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}
export interface MailRequest {
  to: string;
  template: MailTemplate;
  locale: 'en' | 'zh';
  data: Record<string, string>;
  attachments?: MailAttachment[];
}
/** Queues a message inside the caller's transaction (the mail commits with the change). */
export type EnqueueMail = (tx: DbOrTx, mail: MailRequest) => Promise<unknown>;

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
  /** Called shortly after mail was queued (main.ts passes the mail worker's nudge). */
  onMailQueued?: () => void;
  /** Defaults to the configured header / MaxMind file lookup. */
  countryLookup?: CountryLookup;
  /** packages/widget-sdk/dist (loader and frame); found next to the server when not given. */
  widgetDir?: string;
  /** The built portal (packages/portal/dist); served with an SPA fallback when given. */
  staticDir?: string;
  /** Uploaded files; defaults to the folder DATA_DIR/uploads. */
  fileStore?: FileStore;
  /** Checks the database; GET /api/health answers 503 when false. Defaults to SELECT 1. */
  ping?: () => Promise<boolean>;
}

/** Resolved dependencies handed to routes. */
export interface Services {
  db: Db;
  config: Config;
  logger: Logger;
  now: Clock;
  hasher: PasswordHasher;
  rateLimiter: RateLimiter;
  enqueueMail: EnqueueMail;
  countryLookup: CountryLookup;
}
