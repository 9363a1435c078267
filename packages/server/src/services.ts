/**
 * buildServices(deps): everything that lives as long as the app, built once from AppDeps (src/deps.ts
 * lists them) and handed to every route as `c.get('services')`. A stand-in given in AppDeps replaces
 * the default (tests, the benches); main.ts passes what it opened itself (the database, the hasher).
 */
import { join } from 'node:path';
import type { AppDeps, Services } from './deps.ts';
import { createCaptchaVerifier } from './lib/captcha.ts';
import { systemClock } from './lib/clock.ts';
import { createPasswordHasher } from './lib/crypto.ts';
import { enqueueMail as libEnqueueMail } from './lib/mail/index.ts';
import { createMetrics } from './lib/metrics.ts';
import { createPaymentProvider } from './lib/payments/index.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import { createGoogleVerifier } from './modules/auth/google.ts';
import { createLinkedInClient, LINKEDIN_CALLBACK_PATH } from './modules/auth/linkedin.ts';
import { createSessionLookup } from './modules/auth/sessions.ts';
import { createAvailabilityChecker } from './modules/availability/service.ts';
import { createDiskFileStore } from './modules/files/store.ts';
import { hasPaidLead, openLeadPrefersPhone } from './modules/leads/service.ts';
import { createCountryLookupSync } from './modules/location/service.ts';
import { handlePaymentWebhook } from './modules/payments/webhook.ts';

export function buildServices(deps: AppDeps): Services {
  const now = deps.now ?? systemClock;
  const services: Services = {
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    now,
    hasher: deps.hasher ?? createPasswordHasher(deps.config.passwordHashCost),
    rateLimiter: deps.rateLimiter ?? createRateLimiter(deps.db, deps.config.rateLimit.windowSeconds, now),
    enqueueMail:
      deps.enqueueMail ??
      (async (tx, mail) => {
        await libEnqueueMail(tx, mail, deps.config.publicUrl);
        // The worker polls anyway; this only shortens the wait once the transaction has committed.
        if (deps.onMailQueued) setTimeout(deps.onMailQueued, 50).unref();
      }),
    metrics: deps.metrics ?? createMetrics(),
    countryLookup: deps.countryLookup ?? createCountryLookupSync(deps.config),
    sessions: deps.sessionLookup ?? createSessionLookup(deps.db, deps.config.session),
    google:
      deps.googleVerifier ??
      (deps.config.googleClientId
        ? createGoogleVerifier(deps.config.googleClientId, deps.config.googleJwksUrl, now)
        : undefined),
    linkedin: deps.config.linkedin
      ? createLinkedInClient(deps.config.linkedin, `${deps.config.publicUrl}${LINKEDIN_CALLBACK_PATH}`, now)
      : undefined,
    captcha:
      deps.captcha ??
      createCaptchaVerifier(deps.config.captcha, {
        onError: (err) =>
          deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'captcha check failed'),
      }),
    appraisalBurst: createRateLimiter(deps.db, 60, now),
    paidLeadCheck: deps.paidLeadCheck ?? hasPaidLead,
    leadPrefersPhone: deps.leadPrefersPhone ?? openLeadPrefersPhone,
    files: deps.fileStore ?? createDiskFileStore(join(deps.config.dataDir, 'uploads')),
    availability:
      deps.availability ??
      createAvailabilityChecker({
        ...deps.config.rdap,
        now: () => now().getTime(),
        onError: (err, url) =>
          deps.logger.warn(
            { url, err: err instanceof Error ? err.message : String(err) },
            'RDAP lookup failed',
          ),
      }),
    // The sandbox delivers its signed events to the same webhook handler Stripe's reach, in-process.
    payments:
      deps.payments ??
      createPaymentProvider(deps.config, deps.db, now, (body, signature) => {
        handlePaymentWebhook(services, body, signature).catch((err) =>
          deps.logger.error({ err }, 'sandbox payment event not handled'),
        );
      }),
  };
  return services;
}
