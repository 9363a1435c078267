import { fieldMessageCode } from '@domain-broker/shared/field-messages';
import type { ContactChannel, TimelineKind } from '@domain-broker/shared/schemas/broker';
import type { LeadStatus } from '@domain-broker/shared/schemas/lead-status';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messageText } from '#portal/lib/messages.ts';
import { TIMELINE_STEP_LABELS } from '#portal/lib/timeline-labels.ts';

/** A lead's status as staff read it ('new' is In Progress: docs/product.md "Lead status display"). */
export const STAFF_LEAD_STATUS_LABELS: Record<LeadStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  new: msg`In Progress`,
  sold: msg`Sold`,
  refunded: msg`Refunded`,
  canceled: msg`Canceled`,
};

export const LEAD_STATUS_FILTER_LABELS: Record<string, MessageDescriptor> = {
  open: msg`Open`,
  all: msg`All`,
  ...STAFF_LEAD_STATUS_LABELS,
};

export const KIND_LABELS: Record<TimelineKind, MessageDescriptor> = {
  ...TIMELINE_STEP_LABELS,
  note: msg`Note`,
  buyer_message: msg`Message from the buyer`,
};

export const CHANNEL_LABELS: Record<ContactChannel, MessageDescriptor> = {
  email: msg`Email`,
  phone: msg`Phone`,
  postal_mail: msg`Postal mail`,
  registrar_relay: msg`Registrar relay`,
  marketplace: msg`Marketplace`,
};

/** The lead's contact preference as stored (decision A14). */
export const CONTACT_LABELS: Record<string, MessageDescriptor> = {
  Email: msg`Email`,
  Phone: msg`Phone call`,
  PhoneText: msg`Phone text (SMS)`,
};

/** Lead events of the status history (decision B4). */
export const EVENT_LABELS: Record<string, MessageDescriptor> = {
  created: msg`Created`,
  paid: msg`Paid`,
  refunded: msg`Refunded`,
  canceled: msg`Canceled`,
  sold: msg`Sold`,
  owner_contacted: msg`Owner contacted`,
  offer: msg`Offer`,
  assigned: msg`Assigned`,
  reassigned: msg`Reassigned`,
  declined: msg`Declined`,
  updated: msg`Updated`,
  broker_terms_agreed: msg`Broker terms agreed`,
  market_analysis: msg`Market analysis saved`,
  opportunity_added: msg`Alternate added`,
  opportunity_updated: msg`Alternate changed`,
  opportunity_decided: msg`Alternate decided`,
  refund_requested: msg`Refund requested`,
  service_stop_requested: msg`Buyer asked to stop`,
  survey_reminded: msg`Survey reminder sent`,
};

export const label = (i18n: I18n, map: Record<string, MessageDescriptor>, key: string): string => {
  const descriptor = map[key];
  return descriptor ? i18n._(descriptor) : key;
};

/** Money with two decimals and the currency (docs/product.md "Business constants and limits"). */
export function money(i18n: I18n, dollars: string | number): string {
  const n = typeof dollars === 'number' ? dollars : Number(dollars);
  if (!Number.isFinite(n)) return String(dollars);
  return `${i18n.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;
}

export const moneyOfCents = (i18n: I18n, cents: number): string => money(i18n, cents / 100);

export function day(i18n: I18n, iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : i18n.date(d, { dateStyle: 'medium' });
}

export function dayTime(i18n: I18n, iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : i18n.date(d, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A success answer's text in the active language, by its code (lib/messages.ts); else `fallback`. */
export function successText(
  i18n: I18n,
  answer: { message?: string; code?: string } | undefined,
  fallback: MessageDescriptor,
): string {
  return answer?.message ? messageText(answer, i18n) : i18n._(fallback);
}

/** A shared schema's field message (the form's or the server's), translated by its code (lib/messages.ts). */
export function fieldText(i18n: I18n, message: string): string {
  // the staff's forms name the field the spec's 'domainName key is mandatory.' means
  if (fieldMessageCode(message) === 'DOMAIN_NAME_MANDATORY')
    return i18n._(msg`Please enter the domain name.`);
  return messageText(message, i18n);
}

/** A form field's message (the schema's or the server's), translated for TextField and friends. */
export function fieldError(
  i18n: I18n,
  error: { message: string } | undefined,
): { message: string } | undefined {
  return error ? { message: fieldText(i18n, error.message) } : undefined;
}
