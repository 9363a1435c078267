/**
 * Google ID tokens (Sign in with Google, One Tap): signature against Google's published keys (JWKS),
 * aud = GOOGLE_CLIENT_ID, iss = accounts.google.com, exp. The account is identified by `sub`.
 */
import { AppError } from '@domain-broker/shared/errors';
import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  givenName: string;
  familyName: string;
  picture: string;
}

/** What a verified ID token says about its holder (Google, LinkedIn). */
export type SocialIdentity = GoogleIdentity;

export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>;

export function createGoogleVerifier(clientId: string, jwksUrl: string, now: () => Date): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(jwksUrl));
  return async (credential) => {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        audience: clientId,
        issuer: ['accounts.google.com', 'https://accounts.google.com'],
        algorithms: ['RS256'],
        currentDate: now(),
      }));
    } catch {
      throw new AppError('TOKEN_VERIFICATION_FAILED');
    }
    return identityFromClaims(payload);
  };
}

/** Who a verified ID token's claims name (Google, LinkedIn); one without a subject or email is refused. */
export function identityFromClaims(payload: Record<string, unknown>): SocialIdentity {
  const s = (k: string) => (typeof payload[k] === 'string' ? (payload[k] as string) : '');
  if (!s('sub') || !s('email')) throw new AppError('TOKEN_VERIFICATION_FAILED');
  return {
    sub: s('sub'),
    email: s('email').trim().toLowerCase(),
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: s('name'),
    givenName: s('given_name'),
    familyName: s('family_name'),
    picture: s('picture'),
  };
}
