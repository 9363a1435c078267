import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, errorText } from '#portal/lib/api.ts';
import { messageText, type Said } from '#portal/lib/messages.ts';

/** The server's refusals of this page, by code. */
const CODES: Record<string, MessageDescriptor> = {
  ORIGIN_ALREADY_ADDED: msg`This origin is already in your list.`,
  ORIGIN_LIMIT: msg`You can register at most 20 origins: remove one first.`,
  ORIGIN_NOT_FOUND: msg`This origin is not in your list.`,
  REGISTRAR_NOT_FOUND: msg`Your account is not linked to a registrar. Please contact us.`,
  PERMISSION_DENIED: msg`This page is for registrar accounts.`,
};

/** The origin rule's message or the server's success answer, translated by its code (lib/messages.ts). */
export function originText(i18n: I18n, said: Said | undefined): string {
  return messageText(said ?? null, i18n);
}

/** A failed call's message: ours by code or by text, else the client's generic one. */
export function failureText(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    const byCode = error.code ? CODES[error.code] : undefined;
    if (byCode) return i18n._(byCode);
    // the origin rule's field message, when the server refused the origin itself
    const field = error.errors?.[0]?.message;
    if (field) return originText(i18n, field);
  }
  return errorText(error);
}
