/**
 * Stripe's webhook signature scheme (`Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.body">`), used by the sandbox and by our own outgoing webhooks. The Stripe adapter lets
 * stripe-node check Stripe's; the tests check that both agree.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './types.ts';

/** Stripe's default tolerance: a signature older (or newer) than five minutes is refused. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signPayload(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/**
 * Throws WebhookSignatureError unless one v1 signature of `header` matches and it is at most
 * `toleranceSeconds` old (Stripe's rule; 0 skips the age check).
 */
export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): void {
  if (!header)
    throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN;
    else if (key === 'v1') signatures.push(value);
  }
  if (!Number.isFinite(timestamp) || signatures.length === 0)
    throw new WebhookSignatureError('Unable to extract timestamp and signatures from header');
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex'),
    'utf8',
  );
  const match = signatures.some((s) => {
    const given = Buffer.from(s, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!match)
    throw new WebhookSignatureError('No signatures found matching the expected signature for payload');
  if (toleranceSeconds > 0 && nowSeconds - timestamp > toleranceSeconds)
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
}
