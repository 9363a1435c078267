import { REGISTRAR_SHARE_DEFAULTS } from './pricing.ts';

/** Role names as stored (roleType) and as shown to people. */
export const ROLE_TYPES = ['Admin', 'Consultant', 'Registrar', 'Buyer', 'Seller'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

export const ROLE_LABELS: Record<RoleType, string> = {
  Admin: 'Admin',
  Consultant: 'Domain Broker',
  Registrar: 'Registrar',
  Buyer: 'User',
  Seller: 'Seller',
};

/**
 * An account whose only role is Seller: the menu hides Dashboard from it, and /dashboard shows it
 * what a seller can do until it follows a domain as a buyer (decision A23). A user without roles is a
 * Buyer (`effectiveRoles`), never seller-only.
 */
export function isSellerOnly(roles: readonly RoleType[]): boolean {
  return roles.length > 0 && roles.every((r) => r === 'Seller');
}

/** Interests a user may have declared (userInterested, docs/product.md "Records"). */
export const USER_INTERESTS = [
  'Investor',
  'buy & sell',
  'Upgrade',
  'Buyer',
  'Seller',
  'Appraisal',
  'News Letter',
  'buy',
] as const;
export type UserInterest = (typeof USER_INTERESTS)[number];

/** Stored values and their labels: the profile screen shows Email / Phone / SMS. */
export const PREFERRED_CONTACTS = ['Email', 'Phone', 'PhoneText'] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];
/** The preferences that reach the buyer by phone: a lead with one needs the buyer's phone (decision A30). */
export const PHONE_CONTACTS = ['Phone', 'PhoneText'] as const satisfies readonly PreferredContact[];
export const PREFERRED_CONTACT_LABELS: Record<PreferredContact, string> = {
  Email: 'Email',
  Phone: 'Phone',
  PhoneText: 'SMS',
};

export const PRIVILEGES = [
  'AppraisalSearchUnLimit',
  'ShareDownloadAppraisal',
  'EmailAppraisalCertificate',
  'WeeklyAppraisalSearchHistoryReport',
  'ChangeAppraisedDomainValues',
  'ChangeCategoryValues',
] as const;
export type Privilege = (typeof PRIVILEGES)[number];

export type UserDetail = Record<Privilege, boolean> & { percentage: number; commissionPercentage: number };

/** Privileges of a user who registered themself (ADR 002). */
export const SELF_REGISTERED_USER_DETAIL: UserDetail = {
  AppraisalSearchUnLimit: false,
  ShareDownloadAppraisal: true,
  EmailAppraisalCertificate: true,
  WeeklyAppraisalSearchHistoryReport: false,
  ChangeAppraisedDomainValues: false,
  ChangeCategoryValues: false,
  // A registrar's shares (decision A20), from the pricing module.
  percentage: REGISTRAR_SHARE_DEFAULTS.percentage,
  commissionPercentage: REGISTRAR_SHARE_DEFAULTS.commissionPercentage,
};

/** Privileges of a user an admin creates: the admin form's defaults (the first three on). */
export const ADMIN_CREATED_USER_DETAIL: UserDetail = {
  ...SELF_REGISTERED_USER_DETAIL,
  AppraisalSearchUnLimit: true,
};

/**
 * Role context of a screen follows its path: a path ending in -registrar means Registrar,
 * consultant paths mean Consultant, anything else Buyer.
 */
export function roleContextForPath(pathname: string): RoleType {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path.endsWith('-registrar')) return 'Registrar';
  if (path.includes('consultant') && !path.includes('hire-consultant')) return 'Consultant';
  return 'Buyer';
}

/** A user without roles is treated as a Buyer. */
export function effectiveRoles(roles: readonly { role: { roleType: string } }[] | undefined): RoleType[] {
  const types = (roles ?? [])
    .map((r) => r.role.roleType)
    .filter((t): t is RoleType => (ROLE_TYPES as readonly string[]).includes(t));
  return types.length ? types : ['Buyer'];
}
