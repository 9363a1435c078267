/**
 * The alternates panel's messages (docs/product.md "Alternate domains"; decision A1): the shared
 * schema's and the server's English texts, shown in the active language; a text not listed shows as
 * sent.
 */
import { SUCCESS } from '@domain-broker/shared/success';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const TEXTS: Record<string, MessageDescriptor> = {
  'Please enter any one domain': msg`Please enter any one domain`,
  'Please agree terms': msg`Please agree terms`,
  'Please Enter Budget': msg`Please Enter Budget`,
  'The domain name you looking for is not a valid one.': msg`The domain name you looking for is not a valid one.`,
  'Input value is too long.': msg`Input value is too long.`,
  'You can follow at most 5 domains.': msg`You can follow at most 5 domains.`,
  'Failed to create a opportunity, Please contact admin.': msg`Failed to create a opportunity, Please contact admin.`,
  'Alternate domains can be added only to a paid domain your broker is working on.': msg`Alternate domains can be added only to a paid domain your broker is working on.`,
  [SUCCESS.OPPORTUNITIES_SAVED]: msg`Your alternate domains are saved: your broker will review them.`,
};

const DUPLICATE = /^You already follow (.+) on this lead\.$/;

export function alternatesText(message: string | undefined, i18n: I18n): string {
  if (!message) return '';
  const duplicate = DUPLICATE.exec(message);
  if (duplicate) {
    const domain = duplicate[1] ?? '';
    return i18n._(msg`You already follow ${domain} on this lead.`);
  }
  const descriptor = TEXTS[message];
  return descriptor ? i18n._(descriptor) : message;
}
