/** GET /ebook?locale=en|zh: the buyers' e-book (docs/product.md "After purchase"). English when absent. */
import * as v from 'valibot';
import { LOCALES } from '../constants.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { UNKNOWN_FIELD } from './common.ts';

export const EbookQuery = v.strictObject(
  { locale: v.optional(v.picklist(LOCALES, FIELD_MESSAGES.EBOOK_LOCALE), 'en') },
  UNKNOWN_FIELD,
);
export type EbookQuery = v.InferOutput<typeof EbookQuery>;

/** The answer's header saying how many downloads the user has left after this one. */
export const EBOOK_REMAINING_HEADER = 'X-Ebook-Downloads-Remaining';

/** The Content-Disposition of the e-book PDF (…-zh.pdf for Chinese). */
export const EbookDispositionHeader = v.pipe(
  v.string(),
  v.regex(/^attachment; filename="how-to-buy-a-domain-someone-else-owns(-zh)?\.pdf"$/),
);
/** The downloads the user has left after this one (0 or 1). */
export const EbookRemainingHeader = v.pipe(v.number(), v.integer(), v.minValue(0));
