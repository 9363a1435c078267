/**
 * Human check: a Cloudflare Turnstile-compatible siteverify call (hCaptcha and reCAPTCHA answer the
 * same form and the same `success` field). Off when no secret is configured.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { RateLimiter } from './rate-limit.ts';

export interface CaptchaConfig {
  secret: string | undefined;
  verifyUrl: string;
}

export interface CaptchaVerifier {
  /** False when no check is configured (every request passes). */
  readonly enabled: boolean;
  /** True when the token is a valid, unused answer for this site. */
  verify(token: string | null | undefined, remoteIp?: string): Promise<boolean>;
}

/** The human check alone, when the deployment has one: 451 ROBOT_DETECTED for a missing or bad answer. */
export async function checkHuman(captcha: CaptchaVerifier, botToken: string | null | undefined, ip: string) {
  if (captcha.enabled && !(await captcha.verify(botToken, ip))) throw new AppError('ROBOT_DETECTED');
}

/** What a public form that sends mail needs to check its sender. */
export interface SenderChecks {
  captcha: CaptchaVerifier;
  rateLimiter: RateLimiter;
  config: { rateLimit: { mailPerIp: number } };
}

/**
 * A public form that sends mail (contact, sell, the direct enquiry, the low-budget notice, sign-up and
 * the registrar landing page's enquiry): the human check when the deployment has one (451
 * ROBOT_DETECTED), then the sending address's mail limit (429).
 */
export async function checkMailSender(s: SenderChecks, botToken: string | null | undefined, ip: string) {
  await checkHuman(s.captcha, botToken, ip);
  await s.rateLimiter.hit(`mail:ip:${ip}`, s.config.rateLimit.mailPerIp);
}

export interface CaptchaOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

export function createCaptchaVerifier(config: CaptchaConfig, opts: CaptchaOptions = {}): CaptchaVerifier {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const secret = config.secret;
  if (!secret) return { enabled: false, verify: async () => true };
  return {
    enabled: true,
    async verify(token, remoteIp) {
      // Turnstile tokens are at most 2048 characters; anything else is not worth a call.
      if (!token || token.length > 2048) return false;
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp);
      try {
        const res = await doFetch(config.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) {
          opts.onError?.(new Error(`siteverify answered ${res.status}`));
          return false;
        }
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch (err) {
        // Failing closed: a verifier that cannot be reached lets no automated traffic through.
        opts.onError?.(err);
        return false;
      }
    },
  };
}
