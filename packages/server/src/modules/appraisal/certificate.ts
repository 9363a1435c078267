/** Appraisal certificates: issued (mailed, downloaded, shared by link) and rendered as PDF. */
import { randomBytes } from 'node:crypto';
import { formatUsd } from '@domain-broker/appraisal';
import { AppError } from '@domain-broker/shared/errors';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { appraisalCertificates } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { sha256 } from '#server/lib/crypto.ts';
import { renderCertificatePdf } from '#server/lib/pdf/certificate.ts';
import type { AppraisalRecord } from './record.ts';

/** A readable, unguessable id: DB-XXXX-XXXX-XXXX-XXXX (64 random bits, Crockford-like alphabet). */
export function newCertificateId(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = randomBytes(16);
  let s = '';
  for (let i = 0; i < 16; i++) s += alphabet[bytes[i]! % 32];
  return `DB-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}`;
}

export interface IssuedCertificate {
  id: string;
  issuedAt: Date;
  record: AppraisalRecord;
}

/** A certificate of `record` as of `now` (rendered and stored by the caller). */
export function newCertificate(record: AppraisalRecord, now: Date): IssuedCertificate {
  return { id: newCertificateId(), issuedAt: now, record };
}

export async function saveCertificate(
  db: DbOrTx,
  cert: IssuedCertificate,
  opts: {
    userUid: string | null;
    channel: 'email' | 'download' | 'share';
    shareTokenHash?: string;
    shareExpiresAt?: Date;
  },
): Promise<void> {
  await db.insert(appraisalCertificates).values({
    id: cert.id,
    userUid: opts.userUid,
    domain: cert.record.domain,
    record: cert.record,
    channel: opts.channel,
    shareTokenHash: opts.shareTokenHash ?? null,
    shareExpiresAt: opts.shareExpiresAt ?? null,
    issuedAt: cert.issuedAt,
  });
}

export function certificatePdf(
  cert: IssuedCertificate,
  name: string | null | undefined,
  siteUrl: string,
): Promise<Buffer> {
  const r = cert.record;
  return renderCertificatePdf({
    certificateId: cert.id,
    domain: r.domain,
    appraisedValue: r.appraised_value,
    listPrice: r.saw_appraised_value,
    range: r.range,
    confidence: r.confidence,
    types: r.appraisalTypes,
    reasons: r.description,
    issuedAt: cert.issuedAt,
    name: name ?? null,
    manualValue: r.manualValue,
    siteUrl,
  });
}

export const certificateFileName = (domain: string) => `${domain}-appraisal-certificate.pdf`;

/** The mail data of the 'appraisal-certificate' template. */
export function certificateMailData(cert: IssuedCertificate, name: string | null | undefined, s: Services) {
  const r = cert.record;
  return {
    domain: r.domain,
    name: name ?? '',
    value: formatUsd(r.appraised_value),
    low: formatUsd(r.range.low),
    high: formatUsd(r.range.high),
    listPrice: r.saw_appraised_value_formatted,
    certificateId: cert.id,
    date: cert.issuedAt.toISOString().slice(0, 10),
    url: `${s.config.publicUrl}/appraisal`,
  };
}

/** A new share link: 256 random bits in the URL, only their SHA-256 stored. */
export function newShareToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/** The certificate a share token opens; 404 when unknown, 410 when expired. */
export async function certificateByShareToken(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<IssuedCertificate> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('NOT_FOUND');
  const hash = sha256(token);
  const [row] = await db
    .select()
    .from(appraisalCertificates)
    .where(eq(appraisalCertificates.shareTokenHash, hash))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  if (!row.shareExpiresAt || row.shareExpiresAt.getTime() <= now.getTime())
    throw new AppError('CERTIFICATE_LINK_EXPIRED');
  return { id: row.id, issuedAt: row.issuedAt, record: row.record as AppraisalRecord };
}
