/**
 * The admin's Sell Domains tab (docs/product.md "Staff workspace";
 * docs/api.md "Reconciliation and Sell Domains"; decision A27): every domain of every sell submission, newest
 * first, 10 a page, searched by domain, seller name or email; an admin sets a row's premium flag.
 */
import { AppError } from '@domain-broker/shared/errors';
import {
  SELLER_DOMAIN_PAGE_SIZE,
  type SellerDomainList,
  type SellerDomainListQuery,
  type SellerDomainRow,
} from '@domain-broker/shared/schemas/seller-domains';
import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sellerDomains, sellSubmissions } from '#server/db/schema/selling.ts';
import { UUID } from '#server/lib/validate.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Cents as the wire's dollars with two decimals (decision B6); null stays null. */
const dollars = (cents: number | null) =>
  cents === null ? null : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const columns = {
  UID: sellerDomains.uid,
  domainName: sellerDomains.domainName,
  premium: sellerDomains.premium,
  priceCents: sellerDomains.priceCents,
  minQuoteCents: sellerDomains.minQuoteCents,
  createdAt: sellerDomains.createdAt,
  name: sellSubmissions.name,
  email: sellSubmissions.email,
  phone: sellSubmissions.phone,
  emailVerifiedAt: sellSubmissions.emailVerifiedAt,
};
type Selected = {
  UID: string;
  domainName: string;
  premium: boolean;
  priceCents: number | null;
  minQuoteCents: number | null;
  createdAt: Date;
  name: string;
  email: string;
  phone: string;
  emailVerifiedAt: Date | null;
};

const row = (r: Selected): SellerDomainRow => ({
  UID: r.UID,
  name: r.name,
  email: r.email,
  phone: r.phone,
  domainName: r.domainName,
  premium: r.premium,
  price: dollars(r.priceCents),
  minQuote: dollars(r.minQuoteCents),
  emailVerified: r.emailVerifiedAt !== null,
  createdAt: r.createdAt.toISOString(),
});

export async function listSellerDomains(db: Db, q: SellerDomainListQuery): Promise<SellerDomainList> {
  const term = q.search?.trim();
  let where: SQL | undefined;
  if (term) {
    const like = `%${escapeLike(term)}%`;
    where = or(
      ilike(sellerDomains.domainName, like),
      ilike(sellSubmissions.name, like),
      ilike(sellSubmissions.email, like),
    );
  }
  const limit = SELLER_DOMAIN_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(sellerDomains)
      .innerJoin(sellSubmissions, eq(sellSubmissions.uid, sellerDomains.submissionUid))
      .where(where)
      .orderBy(desc(sellerDomains.createdAt), desc(sellerDomains.uid))
      .limit(limit)
      .offset((q.page - 1) * limit),
    db
      .select({ n: count() })
      .from(sellerDomains)
      .innerJoin(sellSubmissions, eq(sellSubmissions.uid, sellerDomains.submissionUid))
      .where(where),
  ]);
  const total = counted?.n ?? 0;
  const data = rows.map(row);
  return { data, total, totalPage: Math.ceil(total / limit), items: data, page: q.page, limit };
}

export async function setSellerDomainPremium(db: Db, id: string, premium: boolean): Promise<SellerDomainRow> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND');
  const [updated] = await db
    .update(sellerDomains)
    .set({ premium })
    .where(eq(sellerDomains.uid, id))
    .returning({ uid: sellerDomains.uid });
  if (!updated) throw new AppError('NOT_FOUND');
  const [r] = await db
    .select(columns)
    .from(sellerDomains)
    .innerJoin(sellSubmissions, eq(sellSubmissions.uid, sellerDomains.submissionUid))
    .where(eq(sellerDomains.uid, id));
  return row(r as Selected);
}
