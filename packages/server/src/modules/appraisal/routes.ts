/**
 * The appraisal API (docs/api.md "Appraisals"; ADR 010): appraise with daily limits, search history,
 * attaching a guest's searches after sign-in, and certificates (mailed, downloaded, shared by link).
 */

import {
  AppraisalAnswerSchema,
  AppraisalDetailsBody,
  AppraisalDetailsQuery,
  AppraisalLimitDataSchema,
  AppraisalRemainingHeader,
  AttachedSearchesSchema,
  CertificateIdSchema,
  CertificateShareSchema,
  certificateDisposition,
  RecentSearchItemSchema,
  RecentSearchQuery,
  SendAppraisalCertificateBody,
  UpdateUserIdInDomainBody,
} from '@domain-broker/shared/schemas/appraisal';
import { answerTimestamp, UNKNOWN_FIELD } from '@domain-broker/shared/schemas/common';
import { SUCCESS, success } from '@domain-broker/shared/success';
import { supportedDomainPattern } from '@domain-broker/shared/validators';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import {
  component,
  DEVICE_ID_HEADER,
  describeRoute,
  type HeaderDoc,
  type SuccessDoc,
} from '#server/lib/openapi.ts';
import { NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { optionalAuth, requireAuth, requirePrivilege } from '../auth/middleware.ts';
import { askerOf, deviceIdOf } from './caller.ts';
import { appraisableDomain } from './domain.ts';
import {
  appraise,
  attachSearches,
  downloadCertificate,
  openSharedCertificate,
  searchHistory,
  sendCertificate,
  shareCertificate,
} from './service.ts';

/** The path's domain, checked by appraisableDomain (which answers the catalogue's codes itself). */
const DomainParam = (c: Context<AppEnv>) =>
  v.object({
    domain: v.pipe(
      v.string(),
      v.metadata({ pattern: supportedDomainPattern(c.get('services').config.supportedExtensions) }),
      v.transform((raw: string) => appraisableDomain(raw, c.get('services').config.supportedExtensions)),
    ),
  });

/** `{name}.pdf`: the name (a domain or a share token); anything else is 404. */
const PdfFileParam = v.object({
  file: v.pipe(
    v.string(),
    v.regex(/^.+\.pdf$/i),
    v.transform((f: string) => f.slice(0, -4)),
  ),
});

const pdfResponse = (
  c: Context<AppEnv>,
  { pdf, filename }: { pdf: Buffer; filename: string },
  disposition: 'attachment' | 'inline',
) => {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `${disposition}; filename="${filename}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(new Uint8Array(pdf));
};

const tags = ['appraisal'];
const AppraisalAnswerDoc = component('AppraisalAnswer', AppraisalAnswerSchema);
const USER_UID_NOTE =
  "userUID is the signed-in user's UID: it must match the session and is ignored without one.";
const pdfAnswer = (
  disposition: 'attachment' | 'inline',
  extra: Record<string, HeaderDoc> = {},
): SuccessDoc => ({
  description: 'The certificate (PDF)',
  mediaType: 'application/pdf',
  headers: {
    'Content-Disposition': {
      description: `${disposition}; filename="{domain}-appraisal-certificate.pdf"`,
      schema: certificateDisposition(disposition),
    },
    'Cache-Control': { description: 'private, no-store' },
    ...extra,
  },
});

export function appraisalRoutes() {
  const app = new Hono<AppEnv>();

  app.put(
    '/appraisalDetails/:domain',
    describeRoute({
      operationId: 'appraiseDomain',
      summary: 'Appraises a domain, counted against the daily limit of the caller.',
      description:
        'The domain is URL-encoded in the path, normalised, and needs a supported extension. The session is optional (Bearer): ' +
        'guests get 1 a day per device (X-Device-Id) with a per-address cap, users 5, buyers with a paid lead 20, ' +
        "AppraisalSearchUnLimit unlimited (remaining and limit null). A domain already in today's history costs nothing. " +
        'Manual appraisals override the engine; blocked names answer 403. signals=1 (staff only) adds the engine signals. ' +
        USER_UID_NOTE,
      tags,
      parameters: [DEVICE_ID_HEADER],
      responses: { 200: { description: 'The appraisal with remaining and limit', data: AppraisalAnswerDoc } },
      errors: [
        'DOMAIN_EXTENSION_UNSUPPORTED',
        'NOT_AUTHORIZED',
        'PERMISSION_DENIED',
        'APPRAISAL_BLOCKED',
        'APPRAISAL_LOGIN_REQUIRED',
        'APPRAISAL_DAILY_LIMIT',
        'APPRAISAL_SEARCH_LIMIT',
        'ROBOT_DETECTED',
      ],
      errorData: { 429: AppraisalLimitDataSchema },
    }),
    vQuery(AppraisalDetailsQuery),
    vParam(DomainParam, 'DOMAIN_INVALID'),
    vJson(AppraisalDetailsBody),
    optionalAuth,
    async (c) => {
      const data = await appraise(
        c.get('services'),
        askerOf(c, c.get('viewer')),
        c.req.valid('param').domain,
        c.req.valid('query'),
        c.req.valid('json'),
      );
      return c.json({ data });
    },
  );

  /**
   * The session's history, or the device's guest history. An empty history is 200 with an empty list
   * (and the spec's 'no search history found' as message): the spec's client clears a guest's stored
   * history on a failed fetch, which an empty list must not cause.
   */
  app.get(
    '/recentSearch',
    describeRoute({
      operationId: 'recentSearches',
      summary: "The session user's appraisals, or the device's guest appraisals, newest first.",
      description:
        "One per domain, at most 50. Empty: 200 with [] and the message 'no search history found'. " +
        USER_UID_NOTE,
      tags,
      parameters: [DEVICE_ID_HEADER],
      responses: {
        200: {
          description: 'History',
          data: v.array(component('RecentSearchItem', RecentSearchItemSchema)),
          headers: {
            'X-Appraisal-Remaining': {
              description: "Today's remaining appraisals, or 'unlimited'.",
              schema: AppraisalRemainingHeader,
            },
            'X-Appraisal-Renews-At': {
              description: 'When the allowance renews (ISO 8601, next 00:00 UTC); absent when unlimited.',
              required: false,
              schema: answerTimestamp,
            },
          },
        },
      },
      errors: ['NOT_AUTHORIZED'],
    }),
    vQuery(RecentSearchQuery),
    optionalAuth,
    async (c) => {
      const { items, figures } = await searchHistory(
        c.get('services'),
        askerOf(c, c.get('viewer')),
        c.req.valid('query').userUID,
      );
      c.header('X-Appraisal-Remaining', figures.remaining === null ? 'unlimited' : String(figures.remaining));
      if (figures.renewsAt) c.header('X-Appraisal-Renews-At', figures.renewsAt);
      return c.json({ ...(items.length ? {} : { message: 'no search history found' }), data: items });
    },
  );

  app.patch(
    '/updateUserIDInDomain',
    describeRoute({
      operationId: 'attachGuestSearches',
      summary:
        "After sign-in: moves this device's guest appraisals of the listed domains to the user. They do not count again.",
      tags,
      parameters: [DEVICE_ID_HEADER],
      responses: {
        200: {
          description: SUCCESS.SEARCHES_ATTACHED,
          code: 'SEARCHES_ATTACHED',
          data: AttachedSearchesSchema,
        },
      },
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(UpdateUserIdInDomainBody),
    async (c) => {
      const attached = await attachSearches(
        c.get('services'),
        c.get('auth').user.UID,
        deviceIdOf(c),
        c.req.valid('json').domainNames,
      );
      return c.json(success('SEARCHES_ATTACHED', { data: { attached } }));
    },
  );

  app.post(
    '/sendAppraisalCertificate',
    describeRoute({
      operationId: 'sendAppraisalCertificate',
      summary:
        'Mails the PDF certificate of an appraisal the user made (EmailAppraisalCertificate privilege), queued in the outbox.',
      tags,
      responses: {
        200: {
          description: SUCCESS.CERTIFICATE_SENT,
          code: 'CERTIFICATE_SENT',
          data: CertificateIdSchema,
        },
      },
      errors: [
        'DOMAIN_INVALID',
        'DOMAIN_EXTENSION_UNSUPPORTED',
        'APPRAISAL_BLOCKED',
        'NO_SEARCH_HISTORY',
        'RATE_LIMITED',
      ],
    }),
    requirePrivilege('EmailAppraisalCertificate'),
    vQuery(NoQuery),
    vJson(SendAppraisalCertificateBody),
    async (c) => {
      const data = await sendCertificate(c.get('services'), c.get('auth').user, c.req.valid('json'));
      return c.json(success('CERTIFICATE_SENT', { data }));
    },
  );

  app.get(
    '/appraisalCertificate/:file',
    describeRoute({
      operationId: 'downloadAppraisalCertificate',
      summary: 'Downloads the certificate of an appraisal the user made (ShareDownloadAppraisal privilege).',
      description: 'The path names the file: `{domain}.pdf`.',
      tags,
      responses: { 200: pdfAnswer('attachment') },
      errors: [
        'NOT_FOUND',
        'DOMAIN_INVALID',
        'DOMAIN_EXTENSION_UNSUPPORTED',
        'APPRAISAL_BLOCKED',
        'NO_SEARCH_HISTORY',
      ],
    }),
    requirePrivilege('ShareDownloadAppraisal'),
    vQuery(NoQuery),
    vParam(PdfFileParam, 'NOT_FOUND'),
    async (c) => {
      const file = await downloadCertificate(
        c.get('services'),
        c.get('auth').user,
        c.req.valid('param').file,
      );
      return pdfResponse(c, file, 'attachment');
    },
  );

  app.post(
    '/appraisalCertificate/:domain/share',
    describeRoute({
      operationId: 'shareAppraisalCertificate',
      summary: 'Creates a share link anyone can open for 30 days (ShareDownloadAppraisal privilege).',
      tags,
      responses: {
        200: {
          description: SUCCESS.SHARE_LINK_CREATED,
          code: 'SHARE_LINK_CREATED',
          data: CertificateShareSchema,
        },
      },
      errors: ['DOMAIN_EXTENSION_UNSUPPORTED', 'APPRAISAL_BLOCKED', 'NO_SEARCH_HISTORY'],
    }),
    requirePrivilege('ShareDownloadAppraisal'),
    vQuery(NoQuery),
    vJson(v.strictObject({}, UNKNOWN_FIELD)),
    vParam(DomainParam, 'DOMAIN_INVALID'),
    async (c) => {
      const data = await shareCertificate(c.get('services'), c.get('auth').user, c.req.valid('param').domain);
      return c.json(success('SHARE_LINK_CREATED', { data }));
    },
  );

  /** A shared certificate: anyone with the link, until it expires. */
  app.get(
    '/certificates/:file',
    describeRoute({
      operationId: 'openSharedCertificate',
      summary: 'A shared certificate (no session), until its link expires.',
      description: 'The path names the file: `{token}.pdf`, the token of the share link.',
      tags,
      responses: {
        200: pdfAnswer('inline', { 'X-Robots-Tag': { description: 'noindex' } }),
      },
      errors: ['NOT_FOUND', 'CERTIFICATE_LINK_EXPIRED'],
    }),
    vQuery(NoQuery),
    vParam(PdfFileParam, 'NOT_FOUND'),
    async (c) => {
      const file = await openSharedCertificate(c.get('services'), c.req.valid('param').file);
      c.header('X-Robots-Tag', 'noindex');
      return pdfResponse(c, file, 'inline');
    },
  );

  return app;
}
