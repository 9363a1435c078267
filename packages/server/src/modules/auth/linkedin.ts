/**
 * Sign in with LinkedIn: OpenID Connect, authorization-code flow (docs/decisions/034-linkedin-sign-in.md).
 *
 * GET /linkedinLogin hands the portal the provider's authorization URL with a `state` and a `nonce`;
 * the provider sends the browser back to `<PUBLIC_URL>/auth/linkedin?code&state`, and the portal posts
 * both to POST /linkedinLogin. There the server checks the state (HMAC under a key kept in app_secrets,
 * 10 minutes), trades the code for tokens with the client secret, and verifies the ID token: signature
 * against the provider's JWKS, iss, aud, exp, and the nonce derived from the state. The endpoints come
 * from the issuer's discovery document, so tests point LINKEDIN_ISSUER at a local stand-in.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '@domain-broker/shared/errors';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '#server/config.ts';
import type { Clock } from '#server/lib/clock.ts';
import { identityFromClaims, type SocialIdentity } from './google.ts';

export const LINKEDIN_CALLBACK_PATH = '/auth/linkedin';
/** How long a started sign-in may take at the provider. */
const STATE_TTL_S = 600;
const FETCH_TIMEOUT_MS = 10_000;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export interface LinkedInClient {
  /** Where the browser goes to sign in, with a fresh state (and its nonce). */
  start(secret: string): Promise<{ url: string; state: string }>;
  /** Checks the state, trades the code and verifies the ID token; throws TOKEN_VERIFICATION_FAILED. */
  finish(secret: string, code: string, state: string): Promise<SocialIdentity>;
}

const mac = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', secret).update(`linkedin-${purpose}:${payload}`).digest('base64url');

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** state = <expires (s)>.<random>.<mac>; the nonce is a second MAC of the whole state. */
export function newState(secret: string, nowMs: number): string {
  const payload = `${Math.floor(nowMs / 1000) + STATE_TTL_S}.${randomBytes(18).toString('base64url')}`;
  return `${payload}.${mac(secret, 'state', payload)}`;
}

export function stateIsValid(secret: string, state: string, nowMs: number): boolean {
  const parts = state.split('.');
  if (parts.length !== 3 || state.length > 200) return false;
  const [expires, random, sig] = parts as [string, string, string];
  if (!sameText(mac(secret, 'state', `${expires}.${random}`), sig)) return false;
  return /^\d+$/.test(expires) && Number(expires) * 1000 >= nowMs;
}

export const nonceOf = (secret: string, state: string) => mac(secret, 'nonce', state);

export function createLinkedInClient(
  settings: NonNullable<Config['linkedin']>,
  redirectUri: string,
  now: Clock,
): LinkedInClient {
  let discovery: Promise<{ doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }> | undefined;
  const discover = () => {
    discovery ??= (async () => {
      const r = await fetch(`${settings.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!r.ok) throw new Error(`LinkedIn discovery answered ${r.status}`);
      const doc = (await r.json()) as Discovery;
      if (!doc.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri)
        throw new Error('LinkedIn discovery document is incomplete');
      return { doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })();
    // a failed look-up is tried again next time
    discovery.catch(() => {
      discovery = undefined;
    });
    return discovery;
  };

  return {
    async start(secret) {
      const { doc } = await discover().catch(() => {
        throw new AppError('LINKEDIN_UNAVAILABLE');
      });
      const state = newState(secret, now().getTime());
      const url = new URL(doc.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        state,
        nonce: nonceOf(secret, state),
      }).toString();
      return { url: url.toString(), state };
    },

    async finish(secret, code, state) {
      if (!stateIsValid(secret, state, now().getTime())) throw new AppError('TOKEN_VERIFICATION_FAILED');
      let payload: Record<string, unknown>;
      try {
        const { doc, jwks } = await discover();
        const r = await fetch(doc.token_endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
          }),
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        });
        const tokens = (await r.json()) as { id_token?: unknown };
        if (!r.ok || typeof tokens.id_token !== 'string') throw new Error('no ID token');
        ({ payload } = await jwtVerify(tokens.id_token, jwks, {
          audience: settings.clientId,
          issuer: settings.issuer,
          algorithms: ['RS256', 'ES256'],
          currentDate: now(),
        }));
      } catch {
        throw new AppError('TOKEN_VERIFICATION_FAILED');
      }
      if (typeof payload.nonce !== 'string' || !sameText(payload.nonce, nonceOf(secret, state)))
        throw new AppError('TOKEN_VERIFICATION_FAILED');
      return identityFromClaims(payload);
    },
  };
}
