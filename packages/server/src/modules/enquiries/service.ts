/**
 * Pending domain enquiries: the domain context of a sign-up (domainName, offerAmount, referralURL,
 * registrarUID, formName, userInterested) kept so nothing is lost before leads exist.
 */
import type { DbOrTx } from '../../db/client.ts';
import { enquiries } from '../../db/schema/index.ts';

export interface DomainContext {
  domainName?: string;
  offerAmount?: string | number;
  userInterested?: string;
  registrarUID?: string;
  appraisalUser?: boolean;
  referralURL?: string;
  formName?: string;
  phone?: string;
}

export function hasDomainContext(ctx: DomainContext): boolean {
  return Boolean(
    ctx.domainName || ctx.offerAmount !== undefined || ctx.registrarUID || ctx.referralURL || ctx.formName,
  );
}

export async function recordEnquiry(
  db: DbOrTx,
  args: { userUid: string; email: string; source: string; now: Date } & DomainContext,
) {
  await db.insert(enquiries).values({
    userUid: args.userUid,
    email: args.email,
    source: args.source,
    domainName: args.domainName || null,
    offerAmount: args.offerAmount === undefined ? null : String(args.offerAmount),
    referralURL: args.referralURL || null,
    registrarUID: args.registrarUID || null,
    formName: args.formName || null,
    userInterested: args.userInterested || null,
    appraisalUser: args.appraisalUser ?? null,
    phone: args.phone || null,
    createdAt: args.now,
  });
}
