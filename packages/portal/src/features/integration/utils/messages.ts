import { ORIGIN_MESSAGES } from '@domain-broker/shared/schemas/registrar-origins';
import { SUCCESS } from '@domain-broker/shared/success';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, errorText } from '#portal/lib/api.ts';

/** The origin rule's messages (packages/shared/src/schemas/registrar-origins.ts) in the active language. */
const TEXTS: Record<string, MessageDescriptor> = {
  [ORIGIN_MESSAGES.empty]: msg`Please enter an origin.`,
  [ORIGIN_MESSAGES.tooLong]: msg`Input value is too long.`,
  [ORIGIN_MESSAGES.invalid]: msg`Please enter an origin such as https://www.example.com.`,
  [ORIGIN_MESSAGES.pathOrQuery]: msg`An origin has no path, query or fragment: enter only https://host or https://host:port.`,
  [ORIGIN_MESSAGES.notHttps]: msg`Only https origins are allowed (http only for localhost and 127.0.0.1).`,
  [ORIGIN_MESSAGES.host]: msg`Please enter a full host name such as www.example.com (no wildcards).`,
  [SUCCESS.ORIGIN_ADDED]: msg`Origin added: the widget may now be embedded there.`,
  [SUCCESS.ORIGIN_REMOVED]: msg`Origin removed: the widget no longer appears there.`,
};

/** The server's refusals of this page, by code. */
const CODES: Record<string, MessageDescriptor> = {
  ORIGIN_ALREADY_ADDED: msg`This origin is already in your list.`,
  ORIGIN_LIMIT: msg`You can register at most 20 origins: remove one first.`,
  ORIGIN_NOT_FOUND: msg`This origin is not in your list.`,
  REGISTRAR_NOT_FOUND: msg`Your account is not linked to a registrar. Please contact us.`,
  PERMISSION_DENIED: msg`This page is for registrar accounts.`,
};

/** An English message of the origin rule or a success text, translated (shown as sent when unknown). */
export function originText(i18n: I18n, message: string | undefined): string {
  if (!message) return '';
  const known = TEXTS[message];
  return known ? i18n._(known) : message;
}

/** A failed call's message: ours by code or by text, else the client's generic one. */
export function failureText(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    const byCode = error.code ? CODES[error.code] : undefined;
    if (byCode) return i18n._(byCode);
    if (error.message && TEXTS[error.message]) return originText(i18n, error.message);
  }
  return errorText(error);
}
