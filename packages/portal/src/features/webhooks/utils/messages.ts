import { fieldMessageCode } from '@domain-broker/shared/field-messages';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, errorText } from '#portal/lib/api.ts';
import { i18n } from '#portal/lib/i18n.ts';
import { messageText } from '#portal/lib/messages.ts';

/**
 * The server's refusals of the webhook routes (packages/shared/src/errors.ts), by code, in the active
 * language. These live in the `webhooks` catalog with the page rather than in the shell's.
 */
const CODES: Record<string, MessageDescriptor> = {
  WEBHOOK_URL_INVALID: msg`Please enter a valid https URL.`,
  WEBHOOK_URL_NOT_ALLOWED: msg`This address cannot receive webhooks: please use a public https URL.`,
  WEBHOOK_ENDPOINT_LIMIT: msg`You can add at most 10 webhook endpoints.`,
  WEBHOOK_ENDPOINT_NOT_FOUND: msg`Webhook endpoint is not found.`,
  WEBHOOK_DELIVERY_NOT_FOUND: msg`Webhook delivery is not found.`,
  WEBHOOK_NO_REGISTRAR: msg`Your account is not linked to a registrar.`,
  PERMISSION_DENIED: msg`This page is for registrar accounts.`,
};

/** A failed webhook call's message: ours by code or by text, else the client's generic one. */
export function webhookErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const byCode = error.code ? CODES[error.code] : undefined;
    if (byCode) return i18n._(byCode);
    // a refused payload comes back with the schema's field message: by its code (lib/messages.ts)
    if (error.message && fieldMessageCode(error.message))
      return messageText({ message: error.message }, i18n);
  }
  return errorText(error);
}
