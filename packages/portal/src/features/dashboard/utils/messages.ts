/**
 * The alternates panel's messages (docs/product.md "Alternate domains"; decision A1) in the active
 * language: the schema's field messages and the save's answer by their code (lib/messages.ts), the
 * refusals below; a text of none shows as sent.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messageText, type Said } from '#portal/lib/messages.ts';

/** The alternates' refusals as the error catalogue words them (errorText hands them on as text). */
const REFUSALS: Record<string, MessageDescriptor> = {
  'Failed to create a opportunity, Please contact admin.': msg`Failed to create a opportunity, Please contact admin.`,
  'Alternate domains can be added only to a paid domain your broker is working on.': msg`Alternate domains can be added only to a paid domain your broker is working on.`,
};

const DUPLICATE = /^You already follow (.+) on this lead\.$/;

/** A field message, a refusal or the save's answer, in the active language (by code: lib/messages.ts). */
export function alternatesText(said: Said, i18n: I18n): string {
  const message = typeof said === 'string' ? said : (said?.message ?? '');
  if (!message) return '';
  const duplicate = DUPLICATE.exec(message);
  if (duplicate) {
    const domain = duplicate[1] ?? '';
    return i18n._(msg`You already follow ${domain} on this lead.`);
  }
  const descriptor = REFUSALS[message];
  return descriptor ? i18n._(descriptor) : messageText(said, i18n);
}
