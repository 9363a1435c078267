/**
 * Support contact shown on the static pages (FAQ, blocked-country page, legal texts). In order:
 * a <SupportContactProvider> value, else the deployment's `supportPhone`/`supportEmail` from
 * GET /api/config (the shell's config store), else the defaults below.
 */
import { createContext, createElement, type ReactNode, useContext } from 'react';
import { usePublicConfig } from '#portal/lib/config.ts';

export interface SupportContact {
  /** Display form, e.g. '+1 (813) 555-0142'. */
  phone: string;
  email: string;
}

export const DEFAULT_SUPPORT_CONTACT: SupportContact = {
  phone: '+1 (813) 555-0142',
  email: 'support@domainbroker.example',
};

const SupportContactContext = createContext<SupportContact | null>(null);

/** Overrides the contact for a subtree (tests, previews, a page that needs another line). */
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
  const provided = useContext(SupportContactContext);
  const config = usePublicConfig();
  if (provided) return provided;
  return {
    phone: config.supportPhone || DEFAULT_SUPPORT_CONTACT.phone,
    email: config.supportEmail || DEFAULT_SUPPORT_CONTACT.email,
  };
}

/** 'tel:'/'sms:' target for a display number: keeps the leading + and the digits. */
export function phoneHref(phone: string, scheme: 'tel' | 'sms' = 'tel'): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `${scheme}:${digits}`;
}
