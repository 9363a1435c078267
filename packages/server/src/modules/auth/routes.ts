/** Accounts and sessions (docs/api.md "Endpoints"; ADR 004, 006, 007, 008). */

import type { ErrorCode } from '@domain-broker/shared/errors';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LinkedInLoginBody,
  LoginBody,
  OneTapLoginBody,
  ResetPasswordBody,
  SendVerificationCodeBody,
  SetPasswordBody,
  SignUpWithDomainBody,
  SignupBody,
  SocialLoginBody,
  VerifyEmailByCodeBody,
} from '@domain-broker/shared/schemas/auth';
import { MailedToSchema, ProviderStartSchema, SessionSchema } from '@domain-broker/shared/schemas/session';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import { describeRoute, type SuccessDoc } from '#server/lib/openapi.ts';
import { NoQuery, vJson, vQuery } from '#server/lib/validate.ts';
import { requireAuth } from './middleware.ts';
import {
  changePassword,
  forgotPassword,
  googleSignIn,
  linkedinSignIn,
  linkedinStart,
  login,
  type Outcome,
  resetPassword,
  sendVerificationCode,
  setPassword,
  signUpWithDomain,
  signup,
  verifyEmailByCode,
} from './service.ts';
import { revokeSession } from './sessions.ts';

const send = (c: Context<AppEnv>, o: Outcome) =>
  c.json(
    o.code
      ? success(o.code, o.data !== undefined ? { data: o.data } : {})
      : { ...(o.data !== undefined ? { data: o.data } : {}) },
    o.status,
  );

/** The client's address, which the sign-in and mail limits count by. */
const ipOf = (c: Context<AppEnv>) => clientIp(c, c.get('services').config.trustProxy);

const signedIn: SuccessDoc = {
  description: 'Signed in',
  code: ['LOGGED_IN', 'EMAIL_VERIFIED'],
  data: SessionSchema,
};
const codeMailed: SuccessDoc = {
  description: 'Email verification needed: a code was mailed',
  code: 'EMAIL_VERIFICATION_REQUIRED',
  data: MailedToSchema,
};
const userExists: SuccessDoc = { description: SUCCESS.USER_EXISTS, code: 'USER_EXISTS' };
const codeSent: SuccessDoc = { description: 'Code sent', code: 'VERIFICATION_SENT', data: MailedToSchema };
const googleAnswers: Record<number, SuccessDoc> = {
  200: signedIn,
  201: {
    description: 'Account created and signed in; a password was mailed',
    code: 'PASSWORD_SENT',
    data: SessionSchema,
  },
};
/** The failures of a sign-in with a provider's ID token (Google, One Tap, LinkedIn). */
const providerErrors = (unavailable: 'GOOGLE_UNAVAILABLE' | 'LINKEDIN_UNAVAILABLE'): ErrorCode[] => [
  'TOKEN_VERIFICATION_FAILED',
  unavailable,
  'ACCOUNT_ALREADY_REGISTERED',
  'RATE_LIMITED',
];
const tags = ['auth'];

export function authRoutes() {
  const app = new Hono<AppEnv>();

  app.post(
    '/signup',
    describeRoute({
      operationId: 'signup',
      summary:
        'Sign up. With a password: 207 and a code is mailed. Without: 201 and a temporary password is mailed. ' +
        'Needs botToken when a captcha is configured.',
      tags,
      responses: {
        201: {
          description: 'Account created, temporary password mailed',
          code: 'PASSWORD_SENT',
          data: MailedToSchema,
        },
        203: userExists,
        207: codeMailed,
      },
      errors: ['ROBOT_DETECTED', 'RATE_LIMITED'],
    }),
    vJson(SignupBody),
    async (c) => send(c, await signup(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  app.post(
    '/signUpWithDomain',
    describeRoute({
      operationId: 'signUpWithDomain',
      summary:
        'Sign up from the registrar enquiry form; the domain context is kept as a pending enquiry. Needs ' +
        'botToken when a captcha is configured.',
      tags,
      responses: { 203: userExists, 207: codeMailed },
      errors: ['ROBOT_DETECTED', 'RATE_LIMITED'],
    }),
    vJson(SignUpWithDomainBody),
    async (c) => send(c, await signUpWithDomain(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  app.post(
    '/login',
    describeRoute({
      operationId: 'login',
      summary: 'Sign in. The password is checked first; an unverified account then gets 207 and a new code.',
      tags,
      responses: { 200: signedIn, 207: codeMailed },
      errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED'],
    }),
    vJson(LoginBody),
    async (c) => send(c, await login(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  app.post(
    '/sendVerificationCode',
    describeRoute({
      operationId: 'sendVerificationCode',
      summary: 'Mails a new email-verification code (10 minutes, single use).',
      tags,
      responses: { 200: codeSent },
      errors: ['EMAIL_NOT_REGISTERED', 'EMAIL_ALREADY_VERIFIED', 'RATE_LIMITED'],
    }),
    vJson(SendVerificationCodeBody),
    async (c) => send(c, await sendVerificationCode(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  app.patch(
    '/verifyEmailByCode',
    describeRoute({
      operationId: 'verifyEmailByCode',
      summary: 'Verifies the email with the mailed code and signs the user in.',
      tags,
      responses: { 200: { ...signedIn, description: 'Verified and signed in' } },
      errors: [
        'OTP_EXPIRED',
        'OTP_INVALID',
        'EMAIL_NOT_REGISTERED',
        'EMAIL_ALREADY_VERIFIED',
        'RATE_LIMITED',
      ],
    }),
    vJson(VerifyEmailByCodeBody),
    async (c) => send(c, await verifyEmailByCode(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  app.patch(
    '/forgotPassword',
    describeRoute({
      operationId: 'forgotPassword',
      summary: 'Mails a password-reset code.',
      tags,
      responses: { 200: codeSent },
      errors: ['EMAIL_NOT_REGISTERED', 'RATE_LIMITED'],
    }),
    vJson(ForgotPasswordBody),
    async (c) => send(c, await forgotPassword(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  app.patch(
    '/resetPassword',
    describeRoute({
      operationId: 'resetPassword',
      summary: 'Sets a new password with the email and the mailed code; every session of the account ends.',
      tags,
      responses: { 200: { description: 'Password reset', code: 'PASSWORD_RESET' } },
      errors: ['OTP_EXPIRED', 'OTP_INVALID', 'RATE_LIMITED'],
    }),
    vJson(ResetPasswordBody),
    async (c) => send(c, await resetPassword(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  app.post(
    '/setPassword',
    describeRoute({
      operationId: 'setPassword',
      summary:
        'Sets the password with a one-time set-password link (its token); the link then stops working and every session of the account ends.',
      tags,
      responses: { 200: { description: SUCCESS.PASSWORD_SET, code: 'PASSWORD_SET' } },
      errors: ['SET_PASSWORD_LINK_INVALID', 'RATE_LIMITED'],
    }),
    vJson(SetPasswordBody),
    async (c) => send(c, await setPassword(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  app.patch(
    '/changePassword',
    describeRoute({
      operationId: 'changePassword',
      summary: 'Changes the password; every session of the account ends (sign in again).',
      tags,
      responses: { 200: { description: SUCCESS.PASSWORD_CHANGED, code: 'PASSWORD_CHANGED' } },
      errors: ['CURRENT_PASSWORD_WRONG', 'USER_NOT_FOUND', 'RATE_LIMITED'],
    }),
    requireAuth,
    vJson(ChangePasswordBody),
    async (c) =>
      send(c, await changePassword(c.get('services'), ipOf(c), c.get('auth').user.UID, c.req.valid('json'))),
  );

  app.get(
    '/logout',
    describeRoute({
      operationId: 'logout',
      summary: 'Ends this session.',
      tags,
      responses: { 200: { description: SUCCESS.LOGGED_OUT, code: 'LOGGED_OUT' } },
    }),
    requireAuth,
    vQuery(NoQuery),
    async (c) => {
      const s = c.get('services');
      await revokeSession(s.db, c.get('auth').tokenHash, s.now());
      return c.json(success('LOGGED_OUT'));
    },
  );

  app.post(
    '/socialLogin',
    describeRoute({
      operationId: 'socialLogin',
      summary:
        'Sign in with Google (ID token as credential). 200 for a known Google account; 201 creates one and mails a password.',
      tags,
      responses: googleAnswers,
      errors: providerErrors('GOOGLE_UNAVAILABLE'),
    }),
    vJson(SocialLoginBody),
    async (c) => send(c, await googleSignIn(c.get('services'), ipOf(c), c.req.valid('json'), 'socialLogin')),
  );

  app.post(
    '/oneTabLogin',
    describeRoute({
      operationId: 'oneTapLogin',
      summary: 'Google One Tap: same contract as /socialLogin.',
      tags,
      responses: googleAnswers,
      errors: providerErrors('GOOGLE_UNAVAILABLE'),
    }),
    vJson(OneTapLoginBody),
    async (c) => send(c, await googleSignIn(c.get('services'), ipOf(c), c.req.valid('json'), 'oneTabLogin')),
  );

  app.get(
    '/linkedinLogin',
    describeRoute({
      operationId: 'linkedinStart',
      summary:
        'Sign in with LinkedIn, step 1: the provider address to send the browser to (OpenID Connect, ' +
        'authorization code with state and nonce). The provider returns to /auth/linkedin?code&state.',
      tags,
      responses: {
        200: {
          description: 'Where to sign in; the portal keeps `state` to compare with the one that comes back',
          data: ProviderStartSchema,
        },
      },
      errors: ['LINKEDIN_UNAVAILABLE', 'RATE_LIMITED'],
    }),
    vQuery(NoQuery),
    async (c) => send(c, await linkedinStart(c.get('services'), ipOf(c))),
  );

  app.post(
    '/linkedinLogin',
    describeRoute({
      operationId: 'linkedinLogin',
      summary:
        'Sign in with LinkedIn, step 2: the code and state the provider sent back. The ID token is verified ' +
        '(JWKS signature, iss, aud, exp, nonce); then the same account rules as /socialLogin.',
      tags,
      responses: googleAnswers,
      errors: providerErrors('LINKEDIN_UNAVAILABLE'),
    }),
    vJson(LinkedInLoginBody),
    async (c) => send(c, await linkedinSignIn(c.get('services'), ipOf(c), c.req.valid('json'))),
  );

  return app;
}
