/**
 * The appraisal's rules behind its routes (docs/api.md "Appraisals"; ADR 010): appraising against the
 * daily limits and the robot check, the history of a user or a device, attaching a guest's searches,
 * and certificates (mailed, downloaded, shared by link).
 */

import { GUEST_REASON_COUNT } from '@domain-broker/shared/constants';
import { AppError } from '@domain-broker/shared/errors';
import type {
  AppraisalDetailsBody,
  AppraisalDetailsQuery,
  SendAppraisalCertificateBody,
} from '@domain-broker/shared/schemas/appraisal';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import type { Services } from '#server/deps.ts';
import { checkHuman } from '#server/lib/captcha.ts';
import { RateLimitedError } from '#server/lib/rate-limit.ts';
import { isStaff } from '../auth/middleware.ts';
import type { Authenticated } from '../auth/sessions.ts';
import { type Asker, callerOf, checkUserUid } from './caller.ts';
import {
  certificateByShareToken,
  certificateFileName,
  certificateMailData,
  certificatePdf,
  newCertificate,
  newShareToken,
  saveCertificate,
} from './certificate.ts';
import { appraisableDomain } from './domain.ts';
import { attachGuestSearches, hasAppraised, recentSearches } from './history.ts';
import { recordAppraisal, todayFigures } from './limits.ts';
import { type AppraisalRecord, resolveAppraisal } from './record.ts';

/**
 * Robots: more than APPRAISAL_BURST_PER_MINUTE appraisals a minute from one address or one device
 * (or one account), or a failed captcha when CAPTCHA_SECRET is set, answer 451. Callers with the
 * AppraisalSearchUnLimit privilege are trusted (staff tools, partners) and skip both.
 */
async function robotCheck(
  s: Services,
  { auth, deviceId: device, ip }: Asker,
  botToken: string | null | undefined,
) {
  if (auth?.user.userDetail.AppraisalSearchUnLimit) return;
  const { appraisalBurst: burst, captcha } = s;
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
async function certifiableRecord(s: Services, user: UserProfile, domain: string): Promise<AppraisalRecord> {
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

/** PUT /appraisalDetails/:domain: the appraisal, counted against the asker's daily limit. */
export async function appraise(
  s: Services,
  asker: Asker,
  domain: string,
  query: AppraisalDetailsQuery,
  body: AppraisalDetailsBody,
) {
  const { auth } = asker;
  checkUserUid(auth, query.userUID);
  const wantSignals = query.signals === '1' || query.signals === 'true';
  if (wantSignals && !(auth && isStaff(auth.user))) throw new AppError('PERMISSION_DENIED');

  await robotCheck(s, asker, body.botToken);
  const resolved = await resolveAppraisal(s.db, domain, { withSignals: wantSignals, now: s.now() });
  if (resolved.blocked) throw new AppError('APPRAISAL_BLOCKED');
  const caller = await callerOf(s, asker);
  const counted = await recordAppraisal(
    s.db,
    caller,
    s.now(),
    resolved.record,
    body.referrerURL || null,
    resolved.storeInCache,
  );
  return {
    ...forViewer(resolved.record, auth),
    remaining: counted.remaining,
    limit: counted.limit,
    renewsAt: counted.renewsAt,
    ...(resolved.signals ? { signals: resolved.signals } : {}),
  };
}

/** GET /recentSearch: the session's history, or the device's guest history, and today's figures. */
export async function searchHistory(s: Services, asker: Asker, userUID: string | undefined) {
  const { auth, deviceId } = asker;
  checkUserUid(auth, userUID);
  const items = auth
    ? (await recentSearches(s.db, { userUid: auth.user.UID })).map((i) => forViewer(i, auth))
    : deviceId
      ? (await recentSearches(s.db, { deviceId })).map((i) => forViewer(i, auth))
      : [];
  const figures = await todayFigures(s.db, await callerOf(s, asker), s.now());
  return { items, figures };
}

/** PATCH /updateUserIDInDomain: moves the device's guest appraisals of these domains to the user. */
export async function attachSearches(
  s: Services,
  userUid: string,
  deviceId: string | null,
  domainNames: string[],
): Promise<number> {
  if (!deviceId) return 0;
  for (let attempt = 0; ; attempt++) {
    try {
      return await attachGuestSearches(s.db, userUid, deviceId, [...new Set(domainNames)]);
    } catch (err) {
      // A unique clash with an appraisal made at the same moment: the retry sees it and drops the copy.
      if (attempt < 2 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** POST /sendAppraisalCertificate: the certificate saved and its mail queued, in one transaction. */
export async function sendCertificate(s: Services, user: UserProfile, body: SendAppraisalCertificateBody) {
  const domain = appraisableDomain(body.domainName, s.config.supportedExtensions);
  const record = await certifiableRecord(s, user, domain);
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
  return { certificateId: cert.id };
}

/** GET /appraisalCertificate/:file: the certificate of the named domain, saved as downloaded. */
export async function downloadCertificate(s: Services, user: UserProfile, rawDomain: string) {
  const domain = appraisableDomain(rawDomain, s.config.supportedExtensions);
  const record = await certifiableRecord(s, user, domain);
  const cert = newCertificate(record, s.now());
  const pdf = await certificatePdf(cert, user.name || null, s.config.publicUrl);
  await saveCertificate(s.db, cert, { userUid: user.UID, channel: 'download' });
  return { pdf, filename: certificateFileName(domain) };
}

/** POST /appraisalCertificate/:domain/share: a share link anyone can open until it expires. */
export async function shareCertificate(s: Services, user: UserProfile, domain: string) {
  const record = await certifiableRecord(s, user, domain);
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
  return {
    url: `${s.config.publicUrl}/api/certificates/${token}.pdf`,
    expiresAt: expiresAt.toISOString(),
    certificateId: cert.id,
  };
}

/** GET /certificates/:file: the certificate of a share link, while it lasts. */
export async function openSharedCertificate(s: Services, token: string) {
  const cert = await certificateByShareToken(s.db, token, s.now());
  const pdf = await certificatePdf(cert, null, s.config.publicUrl);
  return { pdf, filename: certificateFileName(cert.record.domain) };
}
