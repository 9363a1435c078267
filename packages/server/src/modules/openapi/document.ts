/**
 * The OpenAPI 3.0 document, generated from the shared valibot schemas: every endpoint with its
 * statuses and bodies. The portal and the widget use the same schemas, so this is the contract.
 */
import { ERRORS } from '@domain-broker/shared/errors';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  OneTapLoginBody,
  ResetPasswordBody,
  SendVerificationCodeBody,
  SignUpWithDomainBody,
  SignupBody,
  SocialLoginBody,
  VerifyEmailByCodeBody,
} from '@domain-broker/shared/schemas/auth';
import { RoleSchema, UpdateProfileBody, UserProfileSchema } from '@domain-broker/shared/schemas/profile';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { appraisalBodies, appraisalOps, appraisalSchemas } from '../appraisal/openapi.ts';
import { filesOps } from '../files/openapi.ts';

type Json = Record<string, unknown>;
const schema = (s: v.GenericSchema): Json =>
  toJsonSchema(s, { target: 'openapi-3.0', typeMode: 'input', errorMode: 'ignore' }) as Json;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const success = (data?: Json): Json => ({
  type: 'object',
  properties: { message: { type: 'string' }, ...(data ? { data } : {}) },
});
const json = (description: string, s: Json) => ({
  description,
  content: { 'application/json': { schema: s } },
});
const failure = (...codes: (keyof typeof ERRORS)[]) =>
  json(`Failure. Codes: ${codes.map((c) => `${c} ("${ERRORS[c].message}")`).join(', ')}`, ref('Failure'));

const SESSION = {
  type: 'object',
  required: ['token', 'user'],
  properties: { token: { type: 'string' }, user: ref('UserProfile') },
};
const EMAIL_DATA = { type: 'object', properties: { email: { type: 'string' } } };
const BAD_INPUT = ['VALIDATION_FAILED', 'UNKNOWN_FIELD', 'PARSE_ERROR', 'INVALID_BODY'] as const;

interface Op {
  summary: string;
  auth?: boolean;
  body?: string;
  /** A request body that is not one of the JSON schemas (multipart uploads). */
  requestBody?: Json;
  parameters?: Json[];
  responses: Record<number, Json>;
}

const ops: Record<string, Record<string, Op>> = {
  '/health': {
    get: {
      summary: 'Health: checks the database (SELECT 1).',
      responses: { 200: json('Up', success({ type: 'object' })), 503: failure('SERVICE_UNAVAILABLE') },
    },
  },
  '/signup': {
    post: {
      summary:
        'Sign up. With a password: 207 and a code is mailed. Without: 201 and a temporary password is mailed.',
      body: 'SignupBody',
      responses: {
        201: json('Account created, temporary password mailed', success(EMAIL_DATA)),
        203: json('User already exists, please login!', success()),
        207: json('Email verification needed: a code was mailed', success(EMAIL_DATA)),
        400: failure(...BAD_INPUT),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/signUpWithDomain': {
    post: {
      summary: 'Sign up from the registrar enquiry form; the domain context is kept as a pending enquiry.',
      body: 'SignUpWithDomainBody',
      responses: {
        203: json('User already exists, please login!', success()),
        207: json('Email verification needed: a code was mailed', success(EMAIL_DATA)),
        400: failure(...BAD_INPUT),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/login': {
    post: {
      summary: 'Sign in. The password is checked first; an unverified account then gets 207 and a new code.',
      body: 'LoginBody',
      responses: {
        200: json('Signed in', success(SESSION)),
        207: json('Email verification needed: a code was mailed', success(EMAIL_DATA)),
        400: failure('INVALID_CREDENTIALS', ...BAD_INPUT),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/sendVerificationCode': {
    post: {
      summary: 'Mails a new email-verification code (10 minutes, single use).',
      body: 'SendVerificationCodeBody',
      responses: {
        200: json('Code sent', success(EMAIL_DATA)),
        400: failure(...BAD_INPUT),
        404: failure('EMAIL_NOT_REGISTERED'),
        409: failure('EMAIL_ALREADY_VERIFIED'),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/verifyEmailByCode': {
    patch: {
      summary: 'Verifies the email with the mailed code and signs the user in.',
      body: 'VerifyEmailByCodeBody',
      responses: {
        200: json('Verified and signed in', success(SESSION)),
        400: failure('OTP_EXPIRED', 'OTP_INVALID', ...BAD_INPUT),
        404: failure('EMAIL_NOT_REGISTERED'),
        409: failure('EMAIL_ALREADY_VERIFIED'),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/logout': {
    get: {
      summary: 'Ends this session.',
      auth: true,
      responses: { 200: json('Logged out', success()), 401: failure('AUTH_MISSING', 'TOKEN_INVALID') },
    },
  },
  '/forgotPassword': {
    patch: {
      summary: 'Mails a password-reset code.',
      body: 'ForgotPasswordBody',
      responses: {
        200: json('Code sent', success(EMAIL_DATA)),
        400: failure(...BAD_INPUT),
        404: failure('EMAIL_NOT_REGISTERED'),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/resetPassword': {
    patch: {
      summary: 'Sets a new password with the email and the mailed code; every session of the account ends.',
      body: 'ResetPasswordBody',
      responses: {
        200: json('Password reset', success()),
        400: failure('OTP_EXPIRED', 'OTP_INVALID', ...BAD_INPUT),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/changePassword': {
    patch: {
      summary: 'Changes the password; every session of the account ends (sign in again).',
      auth: true,
      body: 'ChangePasswordBody',
      responses: {
        200: json('Password changed successfully', success()),
        400: failure('CURRENT_PASSWORD_WRONG', ...BAD_INPUT),
        401: failure('AUTH_MISSING', 'TOKEN_INVALID'),
      },
    },
  },
  '/myProfile': {
    get: {
      summary: 'The signed-in user, with roles and privileges read fresh.',
      auth: true,
      responses: {
        200: json('Profile', success(ref('UserProfile'))),
        401: failure('AUTH_MISSING', 'TOKEN_INVALID'),
      },
    },
    patch: {
      summary: 'Updates only the fields sent; name is derived from first and last name.',
      auth: true,
      body: 'UpdateProfileBody',
      responses: {
        200: json('User Details Updated Successfully', success(ref('UserProfile'))),
        400: failure(...BAD_INPUT),
        401: failure('AUTH_MISSING', 'TOKEN_INVALID'),
      },
    },
  },
  '/roles': {
    get: {
      summary: 'The role list.',
      responses: { 200: json('Roles', success({ type: 'array', items: ref('Role') })) },
    },
  },
  '/socialLogin': {
    post: {
      summary:
        'Sign in with Google (ID token as credential). 200 for a known Google account; 201 creates one and mails a password.',
      body: 'SocialLoginBody',
      responses: {
        200: json('Signed in', success(SESSION)),
        201: json('Account created and signed in; a password was mailed', success(SESSION)),
        400: failure('TOKEN_VERIFICATION_FAILED', ...BAD_INPUT),
        404: failure('GOOGLE_UNAVAILABLE'),
        409: failure('ACCOUNT_ALREADY_REGISTERED'),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/oneTabLogin': {
    post: {
      summary: 'Google One Tap: same contract as /socialLogin.',
      body: 'OneTapLoginBody',
      responses: {
        200: json('Signed in', success(SESSION)),
        201: json('Account created and signed in; a password was mailed', success(SESSION)),
        400: failure('TOKEN_VERIFICATION_FAILED', ...BAD_INPUT),
        404: failure('GOOGLE_UNAVAILABLE'),
        409: failure('ACCOUNT_ALREADY_REGISTERED'),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/checkBlockedCountry': {
    get: {
      summary: "307 (location not supported) when the visitor's country is blocked.",
      responses: {
        200: json(
          'Allowed',
          success({
            type: 'object',
            properties: { blocked: { type: 'boolean' }, country_code: { type: 'string', nullable: true } },
          }),
        ),
        307: failure('LOCATION_NOT_SUPPORTED'),
      },
    },
  },
  '/location': {
    get: {
      summary: "The visitor's country; United States / US when unknown.",
      responses: {
        200: json(
          'Location',
          success({
            type: 'object',
            properties: { country_name: { type: 'string' }, country_code: { type: 'string' } },
          }),
        ),
      },
    },
  },
  '/openapi.json': {
    get: { summary: 'This document.', responses: { 200: json('OpenAPI 3.0 document', { type: 'object' }) } },
  },
  '/dev/outbox': {
    get: {
      summary:
        'Development only (MAIL_TRANSPORT=outbox, not production): mail kept in the outbox, newest first.',
      responses: { 200: json('Messages', success({ type: 'array', items: { type: 'object' } })) },
    },
  },
};

const bodies: Record<string, v.GenericSchema> = {
  SignupBody,
  SignUpWithDomainBody,
  LoginBody,
  SocialLoginBody,
  OneTapLoginBody,
  SendVerificationCodeBody,
  VerifyEmailByCodeBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  ChangePasswordBody,
  UpdateProfileBody,
};

Object.assign(ops, appraisalOps);
Object.assign(ops, filesOps);
Object.assign(bodies, appraisalBodies);

let cached: Json | undefined;

export function openApiDocument(): Json {
  if (cached) return cached;
  const paths: Json = {};
  for (const [path, methods] of Object.entries(ops)) {
    const item: Json = {};
    for (const [method, op] of Object.entries(methods)) {
      const responses: Json = {};
      for (const [status, r] of Object.entries(op.responses)) responses[status] = r;
      if (!op.responses[500]) responses['500'] = failure('INTERNAL');
      item[method] = {
        summary: op.summary,
        ...(op.auth ? { security: [{ bearer: [] }] } : {}),
        ...(op.parameters ? { parameters: op.parameters } : {}),
        ...(op.body
          ? { requestBody: { required: true, content: { 'application/json': { schema: ref(op.body) } } } }
          : {}),
        ...(op.requestBody ? { requestBody: op.requestBody } : {}),
        responses,
      };
    }
    paths[path] = item;
  }
  const schemas: Json = {
    Failure: {
      type: 'object',
      required: ['message', 'code'],
      properties: {
        message: { type: 'string' },
        code: { type: 'string', enum: Object.keys(ERRORS) },
        errors: {
          type: 'array',
          items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
    UserProfile: schema(UserProfileSchema),
    Role: schema(RoleSchema),
  };
  for (const [name, s] of Object.entries(bodies)) schemas[name] = schema(s);
  for (const [name, s] of Object.entries(appraisalSchemas)) schemas[name] = schema(s);
  cached = {
    openapi: '3.0.3',
    info: {
      title: 'Domain Broker API',
      version: '0.1.0',
      description:
        'Success answers `{ message?, data? }`; failures `{ message, code, errors? }`. 201, 203 and 207 use the success shape.',
    },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas },
    paths,
  };
  return cached;
}
