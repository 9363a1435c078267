import type { ContactChannel, TimelineKind } from '@domain-broker/shared/schemas/broker';
import type { LeadStatus } from '@domain-broker/shared/schemas/lead-status';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
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

/** The workspace's server success texts (packages/shared/src/schemas/broker.ts) in the active language. */
const SUCCESS_TEXTS: Record<string, MessageDescriptor> = {
  'Timeline updated': msg`Timeline updated`,
  'Market analysis saved': msg`Market analysis saved`,
  'Alternate domain updated': msg`Alternate domain updated`,
  'Lead updated successfully': msg`Lead updated successfully`,
  'Lead reassigned': msg`Lead reassigned`,
  'Promo code created successfully': msg`Promo code created successfully`,
  'Deleted successfully': msg`Deleted successfully`,
  'Updated domain details': msg`Updated domain details`,
  'Category updated successfully': msg`Category updated successfully`,
  'Payout recorded': msg`Payout recorded`,
  'User created successfully: we sent them a link to set their password.': msg`User created successfully: we sent them a link to set their password.`,
  'User updated successfully': msg`User updated successfully`,
  'User Deleted': msg`User Deleted`,
  'Privileges updated successfully': msg`Privileges updated successfully`,
};

export function successText(i18n: I18n, message: string | undefined, fallback: MessageDescriptor): string {
  const descriptor = message ? SUCCESS_TEXTS[message] : undefined;
  if (descriptor) return i18n._(descriptor);
  return message || i18n._(fallback);
}

/** The shared schemas' field messages of this workspace, translated; others show as written. */
const FIELD_TEXTS: Record<string, MessageDescriptor> = {
  'Please choose how the owner was contacted.': msg`Please choose how the owner was contacted.`,
  'Please enter a valid amount.': msg`Please enter a valid amount.`,
  'Please enter a valid date.': msg`Please enter a valid date.`,
  'The date cannot be in the future.': msg`The date cannot be in the future.`,
  'Please write a note.': msg`Please write a note.`,
  'The low estimate must not exceed the value, nor the value the high estimate.': msg`The low estimate must not exceed the value, nor the value the high estimate.`,
  'Please enter the sale price.': msg`Please enter the sale price.`,
  'Please enter the sale date.': msg`Please enter the sale date.`,
  'Please give the reason.': msg`Please give the reason.`,
  'please enter a valid promo code': msg`please enter a valid promo code`,
  'The date cannot be in the past.': msg`The date cannot be in the past.`,
  'Invalid date format.': msg`Invalid date format.`,
  'Invalid entry.': msg`Invalid entry.`,
  'Please enter domain value': msg`Please enter domain value`,
  'The domain name you looking for is not a valid one.': msg`The domain name you looking for is not a valid one.`,
  'domainName key is mandatory.': msg`Please enter the domain name.`,
  'Percentage must be a whole number from 0 to 100.': msg`Percentage must be a whole number from 0 to 100.`,
};

export function fieldText(i18n: I18n, message: string): string {
  const descriptor = FIELD_TEXTS[message];
  return descriptor ? i18n._(descriptor) : message;
}

/** A form field's message (the schema's or the server's), translated for TextField and friends. */
export function fieldError(
  i18n: I18n,
  error: { message: string } | undefined,
): { message: string } | undefined {
  return error ? { message: fieldText(i18n, error.message) } : undefined;
}
