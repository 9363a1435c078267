/**
 * The appraisal API (docs/api.md "Appraisals"; ADR 010): appraise with daily limits, search history,
 * attaching a guest's searches after sign-in, and certificates (mailed, downloaded, shared by link).
 */

import { isDomainSyntax } from '@domain-broker/appraisal';
import { GUEST_REASON_COUNT } from '@domain-broker/shared/constants';
import { AppError, SUCCESS } from '@domain-broker/shared/errors';
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
import { supportedDomainPattern } from '@domain-broker/shared/validators';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { checkHuman } from '#server/lib/captcha.ts';
import {
  component,
  DEVICE_ID_HEADER,
  describeRoute,
  type HeaderDoc,
  type SuccessDoc,
} from '#server/lib/openapi.ts';
import { RateLimitedError } from '#server/lib/rate-limit.ts';
import { NoQuery, vJson, vParam, vQuery } from '#server/lib/validate.ts';
import { isStaff, optionalAuth, requireAuth, requirePrivilege } from '../auth/middleware.ts';
import type { Authenticated } from '../auth/sessions.ts';
import { callerOf, checkUserUid, deviceIdOf, ipOf } from './caller.ts';
import {
  certificateByShareToken,
  certificateFileName,
  certificateMailData,
  certificatePdf,
  newCertificate,
  newShareToken,
  saveCertificate,
} from './certificate.ts';
import { appraisalDomainOf } from './domain.ts';
import { attachGuestSearches, hasAppraised, recentSearches } from './history.ts';
import { recordAppraisal, renewalOf, todayFigures } from './limits.ts';
import { type AppraisalRecord, resolveAppraisal } from './record.ts';

/**
 * A domain the appraisal accepts (appraisalDomainOf: normalised, a supported extension, else
 * DOMAIN_EXTENSION_UNSUPPORTED or DOMAIN_INVALID) that the engine can value: an xn-- label must be
 * valid punycode.
 */
function domainOf(c: Context<AppEnv>, raw: string): string {
  const domain = appraisalDomainOf(raw, c.get('services').config.supportedExtensions);
  if (!isDomainSyntax(domain)) throw new AppError('DOMAIN_INVALID');
  return domain;
}
/** The path's domain, checked by domainOf (which answers the catalogue's codes itself). */
const DomainParam = (c: Context<AppEnv>) =>
  v.object({
    domain: v.pipe(
      v.string(),
      v.metadata({ pattern: supportedDomainPattern(c.get('services').config.supportedExtensions) }),
      v.transform((raw: string) => domainOf(c, raw)),
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

/**
 * Robots: more than APPRAISAL_BURST_PER_MINUTE appraisals a minute from one address or one device
 * (or one account), or a failed captcha when CAPTCHA_SECRET is set, answer 451. Callers with the
 * AppraisalSearchUnLimit privilege are trusted (staff tools, partners) and skip both.
 */
async function robotCheck(
  c: Context<AppEnv>,
  auth: Authenticated | undefined,
  botToken: string | null | undefined,
) {
  const s = c.get('services');
  if (auth?.user.userDetail.AppraisalSearchUnLimit) return;
  const { appraisalBurst: burst, captcha } = s;
  const ip = ipOf(c);
  const device = deviceIdOf(c);
  const limit = s.config.appraisal.burstPerMinute;
  try {
    await burst.hit(`appraisal-burst:ip:${ip}`, limit);
    if (auth) await burst.hit(`appraisal-burst:user:${auth.user.UID}`, limit);
    else if (device) await burst.hit(`appraisal-burst:device:${device}`, limit);
  } catch (err) {
    if (err instanceof RateLimitedError) throw new AppError('ROBOT_DETECTED');
    throw err;
  }
  await checkHuman(captcha, botToken, ip);
}

/** The record of a domain the user may have a certificate for; blocked names have none. */
async function certifiableRecord(c: Context<AppEnv>, domain: string): Promise<AppraisalRecord> {
  const s = c.get('services');
  const user = c.get('auth').user;
  const resolved = await resolveAppraisal(s.db, domain, { now: s.now(), store: true });
  if (resolved.blocked) throw new AppError('APPRAISAL_BLOCKED');
  // A certificate is of an appraisal the user made: otherwise it would be a way round the daily limit.
  if (
    !user.userDetail.AppraisalSearchUnLimit &&
    !isStaff(user) &&
    !(await hasAppraised(s.db, user.UID, domain))
  ) {
    throw new AppError('NO_SEARCH_HISTORY');
  }
  return resolved.record;
}

const pdfResponse = (
  c: Context<AppEnv>,
  pdf: Buffer,
  filename: string,
  disposition: 'attachment' | 'inline',
) => {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `${disposition}; filename="${filename}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(new Uint8Array(pdf));
};

/**
 * Guests read the first reasons only (the full list needs a login: docs/product.md "Appraisal page");
 * everyone learns how many there are.
 */
function forViewer<T extends { description: string[] }>(
  r: T,
  auth: Authenticated | undefined,
): T & { descriptionCount: number } {
  return {
    ...r,
    description: auth ? r.description : r.description.slice(0, GUEST_REASON_COUNT),
    descriptionCount: r.description.length,
  };
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
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
      const s = c.get('services');
      const query = c.req.valid('query');
      const { domain } = c.req.valid('param');
      const body = c.req.valid('json');
      const auth = c.get('viewer');
      checkUserUid(auth, query.userUID);
      const wantSignals = query.signals === '1' || query.signals === 'true';
      if (wantSignals && !(auth && isStaff(auth.user))) throw new AppError('PERMISSION_DENIED');

      await robotCheck(c, auth, body.botToken);
      const resolved = await resolveAppraisal(s.db, domain, { withSignals: wantSignals, now: s.now() });
      if (resolved.blocked) throw new AppError('APPRAISAL_BLOCKED');
      const caller = await callerOf(c, auth);
      const now = s.now();
      let counted: Awaited<ReturnType<typeof recordAppraisal>>;
      try {
        counted = await recordAppraisal(
          s.db,
          caller,
          now,
          resolved.record,
          body.referrerURL || null,
          resolved.storeInCache,
        );
      } catch (err) {
        // Daily limits reset at 00:00 UTC.
        if (err instanceof AppError && err.status === 429) {
          c.header('Retry-After', String(Math.ceil((renewalOf(now).getTime() - now.getTime()) / 1000)));
        }
        throw err;
      }
      return c.json({
        data: {
          ...forViewer(resolved.record, auth),
          remaining: counted.remaining,
          limit: counted.limit,
          renewsAt: counted.renewsAt,
          ...(resolved.signals ? { signals: resolved.signals } : {}),
        },
      });
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
      const s = c.get('services');
      const query = c.req.valid('query');
      const auth = c.get('viewer');
      checkUserUid(auth, query.userUID);
      const deviceId = deviceIdOf(c);
      const items = auth
        ? (await recentSearches(s.db, { userUid: auth.user.UID })).map((i) => forViewer(i, auth))
        : deviceId
          ? (await recentSearches(s.db, { deviceId })).map((i) => forViewer(i, auth))
          : [];
      const figures = await todayFigures(s.db, await callerOf(c, auth), s.now());
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
          message: true,
          data: AttachedSearchesSchema,
        },
      },
    }),
    requireAuth,
    vQuery(NoQuery),
    vJson(UpdateUserIdInDomainBody),
    async (c) => {
      const s = c.get('services');
      const body = c.req.valid('json');
      const deviceId = deviceIdOf(c);
      let attached = 0;
      if (deviceId) {
        for (let attempt = 0; ; attempt++) {
          try {
            attached = await attachGuestSearches(s.db, c.get('auth').user.UID, deviceId, [
              ...new Set(body.domainNames),
            ]);
            break;
          } catch (err) {
            // A unique clash with an appraisal made at the same moment: the retry sees it and drops the copy.
            if (attempt < 2 && isUniqueViolation(err)) continue;
            throw err;
          }
        }
      }
      return c.json({ message: SUCCESS.SEARCHES_ATTACHED, data: { attached } });
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
          message: true,
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
      const s = c.get('services');
      const user = c.get('auth').user;
      const body = c.req.valid('json');
      const domain = domainOf(c, body.domainName);
      const record = await certifiableRecord(c, domain);
      await s.rateLimiter.hit(`certificate-mail:${user.UID}`, s.config.rateLimit.mailPerAccount);
      const cert = newCertificate(record, s.now());
      const name = body.name || user.name || null;
      const pdf = await certificatePdf(cert, name, s.config.publicUrl);
      await s.db.transaction(async (tx) => {
        await saveCertificate(tx, cert, { userUid: user.UID, channel: 'email' });
        await s.enqueueMail(tx, {
          to: body.email,
          template: 'appraisal-certificate',
          locale: user.locale,
          data: certificateMailData(cert, name, s),
          attachments: [
            {
              filename: certificateFileName(domain),
              contentType: 'application/pdf',
              content: pdf.toString('base64'),
            },
          ],
        });
      });
      return c.json({ message: SUCCESS.CERTIFICATE_SENT, data: { certificateId: cert.id } });
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
      const s = c.get('services');
      const user = c.get('auth').user;
      const domain = domainOf(c, c.req.valid('param').file);
      const record = await certifiableRecord(c, domain);
      const cert = newCertificate(record, s.now());
      const pdf = await certificatePdf(cert, user.name || null, s.config.publicUrl);
      await saveCertificate(s.db, cert, { userUid: user.UID, channel: 'download' });
      return pdfResponse(c, pdf, certificateFileName(domain), 'attachment');
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
          description: 'Share link',
          message: true,
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
      const s = c.get('services');
      const user = c.get('auth').user;
      const record = await certifiableRecord(c, c.req.valid('param').domain);
      const now = s.now();
      const cert = newCertificate(record, now);
      const { token, hash } = newShareToken();
      const expiresAt = new Date(now.getTime() + s.config.appraisal.shareLinkDays * 86_400_000);
      await saveCertificate(s.db, cert, {
        userUid: user.UID,
        channel: 'share',
        shareTokenHash: hash,
        shareExpiresAt: expiresAt,
      });
      return c.json({
        message: 'Share link created',
        data: {
          url: `${s.config.publicUrl}/api/certificates/${token}.pdf`,
          expiresAt: expiresAt.toISOString(),
          certificateId: cert.id,
        },
      });
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
      const s = c.get('services');
      const cert = await certificateByShareToken(s.db, c.req.valid('param').file, s.now());
      const pdf = await certificatePdf(cert, null, s.config.publicUrl);
      c.header('X-Robots-Tag', 'noindex');
      return pdfResponse(c, pdf, certificateFileName(cert.record.domain), 'inline');
    },
  );

  return app;
}
