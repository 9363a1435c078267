import type { I18n } from '@lingui/core';
import { messageText } from '#portal/lib/messages.ts';

/** The enquiry form's messages (the shared schema's) in the active language, by their code (lib/messages.ts). */
export function enquiryMessage(message: string, i18n: I18n): string {
  return messageText(message, i18n);
}
