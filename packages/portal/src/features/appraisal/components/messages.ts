import { SUCCESS } from '@domain-broker/shared/success';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AppraisalFailure } from '../stores/appraisal-store.ts';

/**
 * The page's validation messages (docs/product.md "Validation rules") and the shared schemas' email messages,
 * translated.
 */
export const DOMAIN_REQUIRED = 'enter a valid domain';
export const DOMAIN_INVALID = 'not a valid domain';
/** A well-formed name in an extension the page does not appraise: the message names the supported ones. */
export const DOMAIN_UNSUPPORTED = 'extension not supported';

/** 'This extension is not supported. Supported extensions: .com, .net, …' */
export function extensionUnsupportedText(extensions: readonly string[], i18n: I18n): string {
  const list = extensions.map((e) => `.${e}`).join(', ');
  return i18n._(msg`This extension is not supported. Supported extensions: ${list}`);
}

/** When today's appraisals come back, in the reader's time zone: 'Your appraisals renew on …'. */
export function renewalText(renewsAt: string, i18n: I18n): string {
  const when = new Intl.DateTimeFormat(i18n.locale === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(renewsAt));
  return i18n._(msg`Your appraisals renew on ${when}.`);
}

const FORM: Record<string, MessageDescriptor> = {
  [DOMAIN_REQUIRED]: msg`enter a valid domain`,
  [DOMAIN_INVALID]: msg`not a valid domain`,
  'Email field should not be empty.': msg`Email field should not be empty.`,
  'Please Enter Valid Email Address': msg`Please Enter Valid Email Address`,
};

export function formText(
  message: string | undefined,
  i18n: I18n,
  extensions: readonly string[] = [],
): string {
  if (!message) return '';
  if (message === DOMAIN_UNSUPPORTED) return extensionUnsupportedText(extensions, i18n);
  const d = FORM[message];
  return d ? i18n._(d) : message;
}

export const LIMIT_REACHED = msg`you have reached the maximum appraisal limit today`;
export const NOT_PERMITTED = msg`you don't have a permission to perform this action`;

/** Server answers of the appraisal API by code (packages/shared/src/errors.ts), shown in the result area. */
const ERRORS: Record<string, MessageDescriptor> = {
  // a guest at the limit gets the same text as a user, and the login window (docs/product.md "Appraisal")
  APPRAISAL_LOGIN_REQUIRED: LIMIT_REACHED,
  APPRAISAL_DAILY_LIMIT: LIMIT_REACHED,
  APPRAISAL_SEARCH_LIMIT: msg`you have reached the domain search limit, please contact support`,
  APPRAISAL_IN_PROGRESS: msg`I'm working on this appraisal it may take a few minutes, please retry after a few minutes.`,
  APPRAISAL_BLOCKED: msg`This domain cannot be appraised online, please contact support for a written appraisal.`,
  DOMAIN_INVALID: msg`The domain name you looking for is not a valid one.`,
  ACTION_NOT_PERMITTED: NOT_PERMITTED,
  NO_SEARCH_HISTORY: msg`no search history found`,
  RATE_LIMITED: msg`Too many appraisals in a short time, please wait a minute and try again.`,
  VALIDATION_FAILED: msg`The domain name you looking for is not a valid one.`,
};

export function failureText(
  failure: AppraisalFailure,
  i18n: I18n,
  extensions: readonly string[] = [],
): string {
  if (failure.code === 'DOMAIN_EXTENSION_UNSUPPORTED') return extensionUnsupportedText(extensions, i18n);
  const d = failure.code ? ERRORS[failure.code] : undefined;
  if (d) return i18n._(d);
  if (failure.message) return failure.message;
  return i18n._(msg`Something went wrong`);
}

export const CERTIFICATE_SENT: MessageDescriptor = msg`Appraisal certificate sent to your email address`;
export const CERTIFICATE_SENT_MESSAGE = SUCCESS.CERTIFICATE_SENT;

const CONFIDENCE: Record<'low' | 'medium' | 'high', MessageDescriptor> = {
  low: msg`Low confidence`,
  medium: msg`Medium confidence`,
  high: msg`High confidence`,
};
export const confidenceText = (c: 'low' | 'medium' | 'high', i18n: I18n) => i18n._(CONFIDENCE[c]);
