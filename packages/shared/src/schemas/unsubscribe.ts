/**
 * Unsubscribe (docs/product.md "Unsubscribe"; decision A26): PATCH /unsubscribeEmail {email,
 * message, closeUID, type, token}, and the profile's mail preferences.
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { isEmail, normalizeEmail } from '../validators.ts';
import { answerTimestamp, optionalText, TOO_LONG, UNKNOWN_FIELD } from './common.ts';

export const UNSUBSCRIBE_TYPES = ['buy', 'sell', 'newsletter', 'appraisal-report'] as const;
export type UnsubscribeType = (typeof UNSUBSCRIBE_TYPES)[number];

export const UnsubscribeBody = v.strictObject(
  {
    email: v.pipe(
      v.string(FIELD_MESSAGES.EMAIL_ENTER_VALID),
      v.trim(),
      v.check(isEmail, FIELD_MESSAGES.EMAIL_ENTER_VALID),
      v.transform(normalizeEmail),
    ),
    message: optionalText(2000),
    closeUID: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, TOO_LONG))),
    /** Default buy (decision A26). */
    type: v.optional(v.picklist(UNSUBSCRIBE_TYPES, FIELD_MESSAGES.INVALID_ENTRY), 'buy'),
    token: v.pipe(
      v.string(FIELD_MESSAGES.INVALID_ENTRY),
      v.minLength(1, FIELD_MESSAGES.INVALID_ENTRY),
      v.maxLength(1024, TOO_LONG),
    ),
  },
  UNKNOWN_FIELD,
);
export type UnsubscribeBody = v.InferOutput<typeof UnsubscribeBody>;
export type UnsubscribeBodyInput = v.InferInput<typeof UnsubscribeBody>;

export const OneClickQuery = v.object({
  token: v.pipe(
    v.string(FIELD_MESSAGES.INVALID_ENTRY),
    v.minLength(1, FIELD_MESSAGES.INVALID_ENTRY),
    v.maxLength(1024, TOO_LONG),
  ),
});

/** One kind of mail (or one lead's mails) the signed-in user does not receive. */
export const MailOptOutSchema = v.object({
  type: v.picklist(UNSUBSCRIBE_TYPES),
  closeUID: v.nullable(v.string()),
  createdAt: answerTimestamp,
});
export type MailOptOut = v.InferOutput<typeof MailOptOutSchema>;

/** The form body a mail client POSTs to the one-click URL (RFC 8058); not needed. */
export const OneClickForm = v.object({ 'List-Unsubscribe': v.optional(v.picklist(['One-Click'])) });
export const MailPreferenceParam = v.object({ type: v.picklist(UNSUBSCRIBE_TYPES, 'Entry not found.') });
export const MailPreferenceQuery = v.object({
  closeUID: v.optional(v.pipe(v.string(), v.maxLength(100, TOO_LONG))),
});
