/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of the
 * key; `webhook-signature` is `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several separated by
 * spaces (during a rotation overlap, one per secret). Tests verify with the `standardwebhooks` package,
 * never with this code.
 */
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** `v1,<signature>` of one message with one secret. */
export function signMessage(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt; `secrets` are the current one and, while it overlaps, the previous. */
export function webhookHeaders(
  secrets: string[],
  messageId: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const ts = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(ts),
    'webhook-signature': secrets.map((s) => signMessage(s, messageId, ts, body)).join(' '),
  };
}
