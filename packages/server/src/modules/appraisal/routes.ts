/**
 * The appraisal API (visitor-buyer-seller.md §2, §7): appraise with daily limits, search history,
 * attaching a guest's searches after sign-in, and certificates (mailed, downloaded, shared by link).
 */
import { GUEST_REASON_COUNT } from '@domain-broker/shared/constants';
import { AppError, SUCCESS } from '@domain-broker/shared/errors';
import {
  AppraisalDetailsBody,
  AppraisalDetailsQuery,
  RecentSearchQuery,
  SendAppraisalCertificateBody,
  UpdateUserIdInDomainBody,
} from '@domain-broker/shared/schemas/appraisal';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../deps.ts';
import { RateLimitedError } from '../../lib/rate-limit.ts';
import { NoQuery, readBody, readQuery } from '../../lib/validate.ts';
import { isStaff, optionalAuth, requireAuth } from '../auth/middleware.ts';
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

/** The path's domain, normalised and checked against the supported extensions. */
const domainParam = (c: Context<AppEnv>, raw: string): string =>
  appraisalDomainOf(raw, c.get('services').config.supportedExtensions);

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
  if (captcha.enabled && !(await captcha.verify(botToken, ip))) throw new AppError('ROBOT_DETECTED');
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

/** Guests read the first reasons only (spec §6: the full list needs a login); everyone learns how many there are. */
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

const pdfName = (file: string) => (file.toLowerCase().endsWith('.pdf') ? file.slice(0, -4) : null);

export function appraisalRoutes() {
  const app = new Hono<AppEnv>();

  app.put('/appraisalDetails/:domain', optionalAuth, async (c) => {
    const s = c.get('services');
    const query = readQuery(c, AppraisalDetailsQuery);
    const domain = domainParam(c, c.req.param('domain'));
    const body = await readBody(c, AppraisalDetailsBody);
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
  });

  /**
   * The session's history, or the device's guest history. An empty history is 200 with an empty list
   * (and the spec's 'no search history found' as message): the spec's client clears a guest's stored
   * history on a failed fetch, which an empty list must not cause.
   */
  app.get('/recentSearch', optionalAuth, async (c) => {
    const s = c.get('services');
    const query = readQuery(c, RecentSearchQuery);
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
  });

  app.patch('/updateUserIDInDomain', requireAuth, async (c) => {
    const s = c.get('services');
    readQuery(c, NoQuery);
    const body = await readBody(c, UpdateUserIdInDomainBody);
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
  });

  app.post('/sendAppraisalCertificate', requireAuth, async (c) => {
    const s = c.get('services');
    const user = c.get('auth').user;
    if (!user.userDetail.EmailAppraisalCertificate) throw new AppError('ACTION_NOT_PERMITTED');
    readQuery(c, NoQuery);
    const body = await readBody(c, SendAppraisalCertificateBody);
    const domain = domainParam(c, body.domainName);
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
  });

  app.get('/appraisalCertificate/:file', requireAuth, async (c) => {
    const s = c.get('services');
    const user = c.get('auth').user;
    if (!user.userDetail.ShareDownloadAppraisal) throw new AppError('ACTION_NOT_PERMITTED');
    readQuery(c, NoQuery);
    const raw = pdfName(c.req.param('file'));
    if (!raw) throw new AppError('NOT_FOUND');
    const domain = domainParam(c, raw);
    const record = await certifiableRecord(c, domain);
    const cert = newCertificate(record, s.now());
    const pdf = await certificatePdf(cert, user.name || null, s.config.publicUrl);
    await saveCertificate(s.db, cert, { userUid: user.UID, channel: 'download' });
    return pdfResponse(c, pdf, certificateFileName(domain), 'attachment');
  });

  app.post('/appraisalCertificate/:domain/share', requireAuth, async (c) => {
    const s = c.get('services');
    const user = c.get('auth').user;
    if (!user.userDetail.ShareDownloadAppraisal) throw new AppError('ACTION_NOT_PERMITTED');
    readQuery(c, NoQuery);
    await readBody(c, v.strictObject({}, 'Unknown input field'));
    const domain = domainParam(c, c.req.param('domain'));
    const record = await certifiableRecord(c, domain);
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
  });

  /** A shared certificate: anyone with the link, until it expires. */
  app.get('/certificates/:file', async (c) => {
    const s = c.get('services');
    readQuery(c, NoQuery);
    const token = pdfName(c.req.param('file'));
    if (!token) throw new AppError('NOT_FOUND');
    const cert = await certificateByShareToken(s.db, token, s.now());
    const pdf = await certificatePdf(cert, null, s.config.publicUrl);
    c.header('X-Robots-Tag', 'noindex');
    return pdfResponse(c, pdf, certificateFileName(cert.record.domain), 'inline');
  });

  return app;
}
