/** GET /ebook?locale=en|zh: the buyers' e-book (docs/product.md "After purchase"). English when absent. */
import * as v from 'valibot';
import { LOCALES } from '../constants.ts';
import { UNKNOWN_FIELD } from './common.ts';

export const EbookQuery = v.strictObject(
  { locale: v.optional(v.picklist(LOCALES, 'The e-book is available in en and zh.'), 'en') },
  UNKNOWN_FIELD,
);
export type EbookQuery = v.InferOutput<typeof EbookQuery>;

/** The answer's header saying how many downloads the user has left after this one. */
export const EBOOK_REMAINING_HEADER = 'X-Ebook-Downloads-Remaining';
