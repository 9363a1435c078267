import { SUCCESS } from '@domain-broker/shared/success';
import type { I18n } from '@lingui/core';
import { messageText } from '#portal/lib/messages.ts';

/** The contact form's messages (the shared schema's) in the active language, by their code (lib/messages.ts). */
export function contactMessage(message: string, i18n: I18n): string {
  return messageText(message, i18n);
}

/** The server's answer in the active language, by its code (the confirmation when it sent none). */
export function submittedText(answer: { message?: string; code?: string }, i18n: I18n): string {
  return messageText(
    answer.message ? answer : { message: SUCCESS.CONTACT_SUBMITTED, code: 'CONTACT_SUBMITTED' },
    i18n,
  );
}
