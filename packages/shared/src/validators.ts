import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { DEFAULT_SUPPORTED_EXTENSIONS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { isDomainName } from './widget-contract.ts';

/**
 * One email rule everywhere (ADR 003): a conventional local part and a domain whose top-level label
 * has two or more letters. The spec's 2-4 and 2-3 letter endings would refuse .info, .email or
 * .online addresses, so they are deliberately not reproduced.
 */
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** The email rule as a JSON Schema / OpenAPI `pattern` (the API document states it). */
export const EMAIL_PATTERN = EMAIL_RE.source;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Characters that count as "special" for the password rule. */
export const PASSWORD_SPECIALS = '@$!%*?&';

/**
 * At least 8 characters with a digit, an uppercase letter and one of @$!%*?&; letters, digits and
 * those specials only. The recovery screens of the spec restrict specials to this set, so the same
 * set applies at sign-up: a password a user can create is always one they can reset to.
 */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /\d/.test(value) &&
    /[A-Z]/.test(value) &&
    /[@$!%*?&]/.test(value) &&
    /^[A-Za-z\d@$!%*?&]+$/.test(value)
  );
}

/** isStrongPassword as one `pattern` (for the API document). */
export const PASSWORD_PATTERN = `^(?=.*\\d)(?=.*[A-Z])(?=.*[@$!%*?&])[A-Za-z\\d@$!%*?&]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`;

/**
 * What every number isPhone accepts looks like (a `+`, the country code, digits and separators); the
 * full check (libphonenumber's per-country rules) cannot be a regular expression.
 */
export const PHONE_PATTERN = '^\\s*\\+[1-9][0-9 ().-]{3,30}\\s*$';

/** A valid international number (with its country calling code, e.g. +1 415 555 0100). */
export function isPhone(value: string): boolean {
  const v = value.trim();
  if (!v.startsWith('+')) return false;
  try {
    return isValidPhoneNumber(v);
  } catch {
    return false;
  }
}

/**
 * An IANA time zone name the platform knows ('Europe/Berlin', 'America/New_York', 'UTC'), at most 64
 * characters: what a browser reports as its zone (Intl's resolvedOptions().timeZone).
 */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** E.164 form of a valid number, or null. */
export function normalizePhone(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim());
  return parsed?.isValid() ? parsed.number : null;
}

/** Lower-cases and strips a scheme, a path, a port and a leading www. that people paste. */
export function normalizeDomainInput(value: string): string {
  let d = value.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  d = d
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  if (d.startsWith('www.') && d.split('.').length > 2) d = d.slice(4);
  return d;
}

/**
 * The `pattern` of a name isSupportedDomain accepts, as typed (any case; the server lower-cases it and
 * also strips a pasted scheme, path or leading www., which the pattern leaves out).
 */
export function supportedDomainPattern(extensions: readonly string[] = DEFAULT_SUPPORTED_EXTENSIONS): string {
  const ext = extensions
    .map((e) => e.replace(/[^a-z0-9-]/g, '').replace(/[a-z]/g, (ch) => `[${ch}${ch.toUpperCase()}]`))
    .join('|');
  return `^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.(?:${ext})$`;
}

/**
 * Syntax only: dot-separated labels of letters, digits and inner hyphens; a TLD of 2+ letters (or xn--).
 * The pattern is the widget contract's, so the server, the portal and the frame agree.
 */
export function isDomainSyntax(value: string): boolean {
  return isDomainName(value);
}

/**
 * A name the product accepts: `name.ext` with the extension in the supported list
 * (by default the spec's seven; the server passes its configured list).
 */
export function isSupportedDomain(
  value: string,
  extensions: readonly string[] = DEFAULT_SUPPORTED_EXTENSIONS,
): boolean {
  const labels = value.split('.');
  if (labels.length !== 2) return false;
  return isDomainSyntax(value) && extensions.includes(labels[1]!);
}

/**
 * The extension of a well-formed name whose extension is not in the supported list (`museum` for
 * `art.museum`), so its message can name the supported ones; null for anything else.
 */
export function unsupportedExtension(
  value: string,
  extensions: readonly string[] = DEFAULT_SUPPORTED_EXTENSIONS,
): string | null {
  if (!isDomainSyntax(value)) return null;
  const tld = value.slice(value.lastIndexOf('.') + 1);
  return extensions.includes(tld) ? null : tld;
}

/** The registrar enquiry appends .com to a name typed without a dot. */
export function withDefaultExtension(value: string): string {
  const d = normalizeDomainInput(value);
  return d && !d.includes('.') ? `${d}.com` : d;
}

/** A 6-digit code sent as a number loses its leading zeros; put them back. */
export function normalizeOtp(value: string | number): string {
  return typeof value === 'number' ? String(Math.trunc(value)).padStart(6, '0') : value.trim();
}
