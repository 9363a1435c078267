/**
 * The admin's Sell Domains tab on the wire (docs/product.md "Staff workspace"; decision A27). Admin only.
 *
 *   GET   /sellerDomainList {page, search}  → SellerDomainList: 10 a page, newest first; search by domain,
 *                                             seller name or email
 *   PATCH /sellerDomain/{id} {premium}      → SellerDomainRow (the premium flag, default off)
 *
 * Money is dollars as strings with two decimals (decision B6); price and minQuote are null when the
 * seller listed several domains at once (the form asks a price only for one domain).
 */
import * as v from 'valibot';
import { optionalText, pageNumber, specPage, TOO_LONG, UNKNOWN_FIELD } from './common.ts';

export const SELLER_DOMAIN_PAGE_SIZE = 10;

export const SellerDomainListQuery = v.strictObject(
  {
    page: pageNumber(1, 1_000_000),
    search: optionalText(200),
  },
  UNKNOWN_FIELD,
);
export type SellerDomainListQuery = v.InferOutput<typeof SellerDomainListQuery>;

export const SellerDomainParam = v.object({ id: v.pipe(v.string(), v.maxLength(64, TOO_LONG)) });

export const SellerDomainBody = v.strictObject(
  { premium: v.boolean('Please choose whether the domain is premium.') },
  UNKNOWN_FIELD,
);
export type SellerDomainBody = v.InferOutput<typeof SellerDomainBody>;

export const SellerDomainRowSchema = v.object({
  UID: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  domainName: v.string(),
  premium: v.boolean(),
  price: v.nullable(v.string()),
  minQuote: v.nullable(v.string()),
  /** The seller confirmed the address with the link we mailed (decision B12). */
  emailVerified: v.boolean(),
  createdAt: v.string(),
});
export type SellerDomainRow = v.InferOutput<typeof SellerDomainRowSchema>;

/** The spec's `data`, `total`, `totalPage`, and the page under the names the other staff lists use. */
export const SellerDomainListSchema = v.object({
  ...specPage(SellerDomainRowSchema),
  items: v.array(SellerDomainRowSchema),
  page: v.number(),
  limit: v.number(),
});
export type SellerDomainList = v.InferOutput<typeof SellerDomainListSchema>;
