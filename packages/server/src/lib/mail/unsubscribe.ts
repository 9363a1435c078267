/**
 * Unsubscribe links (docs/product.md "Unsubscribe"; decision A26). Every non-transactional mail carries
 * a single-purpose token: the address, the kind of mail and optionally the lead (closeUID), signed with
 * HMAC-SHA256 under a key the server keeps in `app_secrets`. A token works once (`used_mail_tokens`);
 * a forged, altered or reused one changes nothing. The mail also carries RFC 8058 one-click headers.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { appSecrets } from '#server/db/schema/mail.ts';
import { MAIL_OPT_OUT_TYPES, type MailOptOutType } from '#server/db/schema/selling.ts';

export interface UnsubscribeClaims {
  email: string;
  type: MailOptOutType;
  /** The lead whose mails are stopped (the spec's closeUID), or null for the whole kind of mail. */
  leadUid: string | null;
}

const SECRET_NAME = 'mail-token';

/** The signing key, made on first use (every process then reads the same one). */
export async function mailTokenSecret(db: DbOrTx): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, SECRET_NAME));
  return row!.value;
}

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

export function signUnsubscribe(secret: string, claims: UnsubscribeClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      e: claims.email.trim().toLowerCase(),
      t: claims.type,
      l: claims.leadUid ?? null,
      n: randomBytes(9).toString('base64url'),
    }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The claims of a genuine token, or null. */
export function verifyUnsubscribe(secret: string, token: string): UnsubscribeClaims | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || token.length > 1024) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      e?: unknown;
      t?: unknown;
      l?: unknown;
    };
    if (typeof c.e !== 'string' || !(MAIL_OPT_OUT_TYPES as readonly unknown[]).includes(c.t)) return null;
    return { email: c.e, type: c.t as MailOptOutType, leadUid: typeof c.l === 'string' ? c.l : null };
  } catch {
    return null;
  }
}

/** The page link (shown in the mail) and the one-click URL (in the List-Unsubscribe header). */
export function unsubscribeLinks(publicUrl: string, token: string, claims: UnsubscribeClaims) {
  const q = new URLSearchParams({ email: claims.email, type: claims.type, token });
  if (claims.leadUid) q.set('closeUID', claims.leadUid);
  return {
    page: `${publicUrl}/unsubscribe?${q.toString()}`,
    oneClick: `${publicUrl}/api/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
  };
}
