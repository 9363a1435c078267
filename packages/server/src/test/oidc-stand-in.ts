/**
 * A local OpenID Connect provider for tests (Sign in with LinkedIn): discovery document, JWKS, an
 * authorization endpoint that signs in `nextIdentity` at once and sends the browser back with a code,
 * and a token endpoint that trades that code (client id, secret and redirect URI checked) for an ID
 * token signed with a key generated here. With `nextError` set, the authorization endpoint sends the
 * browser back with that OAuth error instead (the visitor declined). Listens on 127.0.0.1 on a free
 * port. Used by the server's tests and by the Chromium spec (e2e/specs/linkedin.e2e.test.ts).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface StandInIdentity {
  sub: string;
  email: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

interface Grant {
  claims: Record<string, unknown>;
  redirectUri: string;
  /** Overrides for a test of a bad token: another audience, issuer, expiry, key or nonce. */
  tweak?: TokenTweak;
}

export interface TokenTweak {
  aud?: string;
  iss?: string;
  /** Seconds since the epoch. */
  exp?: number;
  key?: 'other';
  nonce?: string;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => {
      s += c;
    });
    req.on('end', () => resolve(s));
  });

export async function startOidcStandIn(opts: {
  clientId: string;
  clientSecret: string;
  /** The clock the ID tokens' iat/exp follow (the app's test clock). */
  now?: () => Date;
}) {
  const good = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'oidc-1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  let counter = 0;
  let issuer = '';
  const state = {
    /** Who the authorization endpoint signs in next. */
    nextIdentity: undefined as StandInIdentity | undefined,
    /** An OAuth error code (e.g. 'user_cancelled_login') the authorization endpoint answers with instead. */
    nextError: undefined as string | undefined,
    tokenRequests: 0,
  };

  const sign = async (g: Grant) => {
    const nowS = Math.floor((opts.now?.() ?? new Date()).getTime() / 1000);
    const t = g.tweak ?? {};
    return new SignJWT({ ...g.claims, ...(t.nonce ? { nonce: t.nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'oidc-1' })
      .setIssuer(t.iss ?? issuer)
      .setAudience(t.aud ?? opts.clientId)
      .setIssuedAt(nowS)
      .setExpirationTime(t.exp ?? nowS + 3600)
      .sign(t.key === 'other' ? other.privateKey : good.privateKey);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (p.get('client_id') !== opts.clientId || p.get('response_type') !== 'code')
        return json(400, { error: 'invalid_request' });
      if (state.nextError) {
        const back = new URL(p.get('redirect_uri') ?? '');
        back.searchParams.set('error', state.nextError);
        back.searchParams.set('state', p.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (!state.nextIdentity) return json(400, { error: 'invalid_request' });
      const code = grantCode(
        { email_verified: true, ...state.nextIdentity, nonce: p.get('nonce') },
        p.get('redirect_uri') ?? '',
      );
      const back = new URL(p.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      state.tokenRequests++;
      const form = new URLSearchParams(await readBody(req));
      const grant = grants.get(form.get('code') ?? '');
      if (
        !grant ||
        form.get('grant_type') !== 'authorization_code' ||
        form.get('client_id') !== opts.clientId ||
        form.get('client_secret') !== opts.clientSecret ||
        form.get('redirect_uri') !== grant.redirectUri
      )
        return json(400, { error: 'invalid_grant' });
      grants.delete(form.get('code') ?? '');
      return json(200, {
        access_token: 'at',
        token_type: 'Bearer',
        expires_in: 3600,
        id_token: await sign(grant),
      });
    }
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A code the token endpoint trades once for an ID token with these claims. */
  function grantCode(claims: Record<string, unknown>, redirectUri: string, tweak?: TokenTweak): string {
    const code = `code-${++counter}`;
    grants.set(code, { claims, redirectUri, ...(tweak ? { tweak } : {}) });
    return code;
  }

  return {
    issuer,
    state,
    grantCode,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
