/**
 * Support contact shown on the static pages (FAQ, blocked-country page, privacy texts).
 * The defaults below are used until the shell provides the live values from GET /api/config
 * (`supportPhone`, `supportEmail`) through <SupportContactProvider>.
 */
import { createContext, createElement, type ReactNode, useContext } from 'react';

export interface SupportContact {
  /** Display form, e.g. '+1 (813) 555-0142'. */
  phone: string;
  email: string;
}

export const DEFAULT_SUPPORT_CONTACT: SupportContact = {
  phone: '+1 (813) 555-0142',
  email: 'support@domainbroker.example',
};

const SupportContactContext = createContext<SupportContact>(DEFAULT_SUPPORT_CONTACT);

/** Lets the shell override the defaults (for instance with the values of GET /api/config). */
export function SupportContactProvider({
  value,
  children,
}: {
  value: Partial<SupportContact> | null | undefined;
  children: ReactNode;
}) {
  const merged: SupportContact = {
    phone: value?.phone || DEFAULT_SUPPORT_CONTACT.phone,
    email: value?.email || DEFAULT_SUPPORT_CONTACT.email,
  };
  return createElement(SupportContactContext.Provider, { value: merged }, children);
}

export function useSupportContact(): SupportContact {
  return useContext(SupportContactContext);
}

/** 'tel:'/'sms:' target for a display number: keeps the leading + and the digits. */
export function phoneHref(phone: string, scheme: 'tel' | 'sms' = 'tel'): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `${scheme}:${digits}`;
}
