/**
 * The appraisal endpoints of the OpenAPI document (merged into modules/openapi/document.ts): the
 * appraisal, history, certificates, and the staff's manual appraisals and category percentages.
 */
import { DEVICE_ID_PATTERN } from '@domain-broker/shared/constants';
import { ERRORS } from '@domain-broker/shared/errors';
import {
  AppraisalAnswerSchema,
  AppraisalDetailsBody,
  CreateManualAppraisalBody,
  ExhibitConditionSchema,
  ManualAppraisalSchema,
  RecentSearchItemSchema,
  SendAppraisalCertificateBody,
  UpdateExhibitConditionBody,
  UpdateManualAppraisalBody,
  UpdateUserIdInDomainBody,
} from '@domain-broker/shared/schemas/appraisal';
import type * as v from 'valibot';

type Json = Record<string, unknown>;
type Code = keyof typeof ERRORS;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const success = (data?: Json): Json => ({
  type: 'object',
  properties: { message: { type: 'string' }, ...(data ? { data } : {}) },
});
const json = (description: string, s: Json) => ({
  description,
  content: { 'application/json': { schema: s } },
});
const failure = (...codes: Code[]) =>
  json(`Failure. Codes: ${codes.map((c) => `${c} ("${ERRORS[c].message}")`).join(', ')}`, ref('Failure'));
const pdf = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});
const BAD_INPUT: Code[] = ['VALIDATION_FAILED', 'UNKNOWN_FIELD', 'PARSE_ERROR', 'INVALID_BODY'];
const AUTH: Code[] = ['AUTH_MISSING', 'TOKEN_INVALID'];

const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const queryParam = (name: string, description: string, schema: Json = { type: 'string' }) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
const DEVICE = {
  name: 'X-Device-Id',
  in: 'header',
  required: false,
  description:
    "A guest's random device id (16-64 of A-Z a-z 0-9 _ -), kept by the portal and the widget frame.",
  schema: { type: 'string', pattern: DEVICE_ID_PATTERN },
};
const USER_UID = queryParam(
  'userUID',
  "The signed-in user's UID; must match the session, ignored without one.",
);
const LIMIT_DATA = {
  type: 'object',
  properties: {
    remaining: { type: 'integer' },
    limit: { type: 'integer' },
    renewsAt: {
      type: 'string',
      format: 'date-time',
      description: 'When the allowance renews (next 00:00 UTC)',
    },
  },
};
const limited = (...codes: Code[]) =>
  json(
    `Daily limit reached; data: { remaining, limit, renewsAt }. Codes: ${codes.map((c) => `${c} ("${ERRORS[c].message}")`).join(', ')}`,
    { allOf: [ref('Failure'), { type: 'object', properties: { data: LIMIT_DATA } }] },
  );

export interface OpenApiOp {
  summary: string;
  auth?: boolean;
  body?: string;
  parameters?: Json[];
  responses: Record<number, Json>;
}

export const appraisalOps: Record<string, Record<string, OpenApiOp>> = {
  '/appraisalDetails/{domain}': {
    put: {
      summary:
        'Appraises a domain (URL-encoded; normalised; a supported extension). Session optional (Bearer): guests 1 a day per device ' +
        '(X-Device-Id) with a per-IP cap, users 5, buyers with a paid lead 20, AppraisalSearchUnLimit unlimited (remaining and limit null). ' +
        "A domain already in today's history costs nothing. Manual appraisals override the engine; blocked names answer 403.",
      parameters: [
        pathParam('domain', 'The domain name, URL-encoded'),
        USER_UID,
        queryParam('signals', 'Staff only: 1 adds the 216+ engine signals', {
          type: 'string',
          enum: ['0', '1', 'true', 'false'],
        }),
        DEVICE,
      ],
      body: 'AppraisalDetailsBody',
      responses: {
        200: json(
          'The appraisal record with remaining, limit and renewsAt (when the allowance renews)',
          success(ref('AppraisalAnswer')),
        ),
        400: failure('DOMAIN_INVALID', 'DOMAIN_EXTENSION_UNSUPPORTED', ...BAD_INPUT),
        401: failure(...AUTH),
        403: failure('APPRAISAL_BLOCKED', 'NOT_AUTHORIZED', 'PERMISSION_DENIED'),
        429: limited('APPRAISAL_LOGIN_REQUIRED', 'APPRAISAL_DAILY_LIMIT', 'APPRAISAL_SEARCH_LIMIT'),
        451: failure('ROBOT_DETECTED'),
      },
    },
  },
  '/recentSearch': {
    get: {
      summary:
        "The session user's appraisals, or the device's guest appraisals, newest first, one per domain (at most 50). Empty: 200 with [] " +
        "and the message 'no search history found'. Header X-Appraisal-Remaining: today's remaining count or 'unlimited'; " +
        'X-Appraisal-Renews-At: when the allowance renews (ISO 8601, next 00:00 UTC), absent when unlimited.',
      parameters: [USER_UID, DEVICE],
      responses: {
        200: json('History', success({ type: 'array', items: ref('RecentSearchItem') })),
        401: failure(...AUTH),
        403: failure('NOT_AUTHORIZED'),
      },
    },
  },
  '/updateUserIDInDomain': {
    patch: {
      summary:
        "After sign-in: moves this device's guest appraisals of the listed domains to the user. They do not count again.",
      auth: true,
      parameters: [DEVICE],
      body: 'UpdateUserIdInDomainBody',
      responses: {
        200: json('Attached', success({ type: 'object', properties: { attached: { type: 'integer' } } })),
        400: failure(...BAD_INPUT),
        401: failure(...AUTH),
      },
    },
  },
  '/sendAppraisalCertificate': {
    post: {
      summary:
        'Mails the PDF certificate of an appraisal the user made (EmailAppraisalCertificate privilege), queued in the outbox.',
      auth: true,
      body: 'SendAppraisalCertificateBody',
      responses: {
        200: json(
          'Appraisal certificate sent to your email address',
          success({ type: 'object', properties: { certificateId: { type: 'string' } } }),
        ),
        400: failure('DOMAIN_INVALID', 'DOMAIN_EXTENSION_UNSUPPORTED', ...BAD_INPUT),
        401: failure(...AUTH),
        403: failure('ACTION_NOT_PERMITTED', 'APPRAISAL_BLOCKED'),
        404: failure('NO_SEARCH_HISTORY'),
        429: failure('RATE_LIMITED'),
      },
    },
  },
  '/appraisalCertificate/{domain}.pdf': {
    get: {
      summary: 'Downloads the certificate (ShareDownloadAppraisal privilege).',
      auth: true,
      parameters: [pathParam('domain', 'The domain name')],
      responses: {
        200: pdf('The certificate'),
        401: failure(...AUTH),
        403: failure('ACTION_NOT_PERMITTED', 'APPRAISAL_BLOCKED'),
        404: failure('NO_SEARCH_HISTORY', 'NOT_FOUND'),
      },
    },
  },
  '/appraisalCertificate/{domain}/share': {
    post: {
      summary: 'Creates a share link anyone can open for 30 days (ShareDownloadAppraisal privilege).',
      auth: true,
      parameters: [pathParam('domain', 'The domain name')],
      responses: {
        200: json(
          'Share link',
          success({
            type: 'object',
            properties: {
              url: { type: 'string' },
              expiresAt: { type: 'string' },
              certificateId: { type: 'string' },
            },
          }),
        ),
        401: failure(...AUTH),
        403: failure('ACTION_NOT_PERMITTED', 'APPRAISAL_BLOCKED'),
        404: failure('NO_SEARCH_HISTORY'),
      },
    },
  },
  '/certificates/{token}.pdf': {
    get: {
      summary: 'A shared certificate (no session).',
      parameters: [pathParam('token', 'The share token (256 random bits, base64url)')],
      responses: {
        200: pdf('The certificate'),
        404: failure('NOT_FOUND'),
        410: failure('CERTIFICATE_LINK_EXPIRED'),
      },
    },
  },
  '/manualAppraisal': {
    get: {
      summary: 'Manual appraisals (Admin or Consultant): search, sort (createdAt DESC), paging (10).',
      auth: true,
      parameters: [
        queryParam('search', 'Part of the domain name'),
        queryParam('page', 'From 1', { type: 'integer' }),
        queryParam('limit', '1-100, default 10', { type: 'integer' }),
        queryParam('sortBy', 'createdAt, updatedAt, domainName, manualValue, isBlocked'),
        queryParam('sortType', 'asc or desc'),
      ],
      responses: {
        200: json(
          'Page',
          success({
            type: 'object',
            properties: {
              items: { type: 'array', items: ref('ManualAppraisal') },
              manualAppraisal: { type: 'array', items: ref('ManualAppraisal') },
              total: { type: 'integer' },
              page: { type: 'integer' },
              limit: { type: 'integer' },
            },
          }),
        ),
        400: failure(...BAD_INPUT),
        401: failure(...AUTH),
        403: failure('PERMISSION_DENIED'),
      },
    },
    post: {
      summary:
        'Creates a manual appraisal (Admin or Consultant). An existing domain answers 409 with the entry in data; ' +
        'resend with overwrite: true to replace it (needs ChangeAppraisedDomainValues).',
      auth: true,
      body: 'CreateManualAppraisalBody',
      responses: {
        200: json('Updated domain details', success(ref('ManualAppraisal'))),
        400: failure(...BAD_INPUT),
        401: failure(...AUTH),
        403: failure('PERMISSION_DENIED', 'ACTION_NOT_PERMITTED'),
        409: json('The domain has an entry: data holds it', {
          allOf: [ref('Failure'), { type: 'object', properties: { data: ref('ManualAppraisal') } }],
        }),
      },
    },
  },
  '/manualAppraisal/{id}': {
    patch: {
      summary: 'Changes a manual appraisal (ChangeAppraisedDomainValues).',
      auth: true,
      parameters: [pathParam('id', 'The entry UID')],
      body: 'UpdateManualAppraisalBody',
      responses: {
        200: json('Updated domain details', success(ref('ManualAppraisal'))),
        400: failure('MANUAL_APPRAISAL_VALUE_REQUIRED', ...BAD_INPUT),
        401: failure(...AUTH),
        403: failure('PERMISSION_DENIED', 'ACTION_NOT_PERMITTED'),
        404: failure('NOT_FOUND'),
        409: failure('MANUAL_APPRAISAL_EXISTS'),
      },
    },
    delete: {
      summary: 'Deletes a manual appraisal (ChangeAppraisedDomainValues).',
      auth: true,
      parameters: [pathParam('id', 'The entry UID')],
      responses: {
        200: json('Deleted successfully', success()),
        401: failure(...AUTH),
        403: failure('PERMISSION_DENIED', 'ACTION_NOT_PERMITTED'),
        404: failure('NOT_FOUND'),
      },
    },
  },
  '/exhibitConditions/ExhibitB': {
    get: {
      summary: 'The keyword categories and their percentages (staff).',
      auth: true,
      responses: {
        200: json('Categories', success({ type: 'array', items: ref('ExhibitCondition') })),
        401: failure(...AUTH),
        403: failure('PERMISSION_DENIED'),
      },
    },
  },
  '/exhibitConditions/{id}': {
    patch: {
      summary:
        "Changes a category's name and percentage, 0-100 (ChangeCategoryValues). Every cached appraisal is invalidated.",
      auth: true,
      parameters: [pathParam('id', 'The category UID')],
      body: 'UpdateExhibitConditionBody',
      responses: {
        200: json('Category updated successfully', success(ref('ExhibitCondition'))),
        400: failure('PERCENTAGE_INVALID', ...BAD_INPUT),
        401: failure(...AUTH),
        403: failure('ACTION_NOT_PERMITTED'),
        404: failure('NOT_FOUND'),
      },
    },
  },
};

export const appraisalBodies: Record<string, v.GenericSchema> = {
  AppraisalDetailsBody,
  UpdateUserIdInDomainBody,
  SendAppraisalCertificateBody,
  CreateManualAppraisalBody,
  UpdateManualAppraisalBody,
  UpdateExhibitConditionBody,
};

export const appraisalSchemas: Record<string, v.GenericSchema> = {
  AppraisalAnswer: AppraisalAnswerSchema,
  RecentSearchItem: RecentSearchItemSchema,
  ManualAppraisal: ManualAppraisalSchema,
  ExhibitCondition: ExhibitConditionSchema,
};
