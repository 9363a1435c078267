/**
 * The user profile (docs/product.md "Records", myProfile): read in one query, roles and privileges fresh each
 * time.
 */
import { AppError } from '@domain-broker/shared/errors';
import type { RoleType, UserDetail } from '@domain-broker/shared/roles';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { normalizePhone } from '@domain-broker/shared/validators';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import { type AccountChanges, updateAccount } from './accounts.ts';

/** The user's columns minus the secrets: a profile read never loads the password hash. */
const { passwordHash: _hash, googleSub: _sub, ...profileColumnsOnly } = getTableColumns(users);
export const profileColumns = profileColumnsOnly;

/**
 * Exactly the columns a profile shows (`toProfile` reads these and no others). The session lookup
 * selects just these on every request: each further column is one more value to decode per request.
 */
export const profileFields = {
  uid: users.uid,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  phone: users.phone,
  website: users.website,
  registrarUID: users.registrarUID,
  userInterested: users.userInterested,
  preferredContact: users.preferredContact,
  emailVerifiedAt: users.emailVerifiedAt,
  locale: users.locale,
  appraisalSearchUnLimit: users.appraisalSearchUnLimit,
  shareDownloadAppraisal: users.shareDownloadAppraisal,
  emailAppraisalCertificate: users.emailAppraisalCertificate,
  weeklyAppraisalSearchHistoryReport: users.weeklyAppraisalSearchHistoryReport,
  changeAppraisedDomainValues: users.changeAppraisedDomainValues,
  changeCategoryValues: users.changeCategoryValues,
  percentage: users.percentage,
  commissionPercentage: users.commissionPercentage,
  createdAt: users.createdAt,
};
export type ProfileRow = { [K in keyof typeof profileFields]: (typeof users.$inferSelect)[K] };
export interface RoleRef {
  UID: string;
  roleType: RoleType;
}

/** A SQL expression aggregating the user's roles as JSON: `[{ UID, roleType }]`. */
export const rolesJson = sql<RoleRef[]>`coalesce((
  select json_agg(json_build_object('UID', r.uid, 'roleType', r.role_type) order by r.role_type)
  from user_roles ur join roles r on r.uid = ur.role_uid
  where ur.user_uid = "users"."uid"), '[]'::json)`;

export function userDetailOf(u: ProfileRow): UserDetail {
  return {
    AppraisalSearchUnLimit: u.appraisalSearchUnLimit,
    ShareDownloadAppraisal: u.shareDownloadAppraisal,
    EmailAppraisalCertificate: u.emailAppraisalCertificate,
    WeeklyAppraisalSearchHistoryReport: u.weeklyAppraisalSearchHistoryReport,
    ChangeAppraisedDomainValues: u.changeAppraisedDomainValues,
    ChangeCategoryValues: u.changeCategoryValues,
    percentage: u.percentage,
    commissionPercentage: u.commissionPercentage,
  };
}

export function fullName(firstName: string, lastName: string): string {
  return [firstName, lastName].filter(Boolean).join(' ');
}

export function toProfile(u: ProfileRow, roles: RoleRef[]): UserProfile {
  return {
    UID: u.uid,
    name: fullName(u.firstName, u.lastName),
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    image: u.image || null,
    phone: u.phone || null,
    website: u.website,
    roles: roles.map((r) => ({ role: { UID: r.UID, roleType: r.roleType } })),
    registrarUID: u.registrarUID,
    userInterested: (u.userInterested as UserProfile['userInterested']) ?? null,
    preferredContact: u.preferredContact as UserProfile['preferredContact'],
    emailVerified: u.emailVerifiedAt !== null,
    locale: u.locale === 'zh' ? 'zh' : 'en',
    userDetail: userDetailOf(u),
    createdAt: u.createdAt.toISOString(),
  };
}

export async function loadProfile(db: DbOrTx, userUid: string): Promise<UserProfile | undefined> {
  const [row] = await db
    .select({ user: profileFields, roles: rolesJson })
    .from(users)
    .where(eq(users.uid, userUid))
    .limit(1);
  return row ? toProfile(row.user, row.roles) : undefined;
}

export interface ProfilePatch {
  firstName?: string;
  lastName?: string;
  phone?: string;
  preferredContact?: string;
  image?: string;
  website?: string;
}

/**
 * Whether an open lead of the user prefers Phone or PhoneText. The leads module answers it through
 * Services (ADR 011), so this module never reads the leads table. Product decision A30: while it does,
 * the phone cannot be removed ('Your Phone Number is set as preferred contact in your lead.').
 */
export type LeadPrefersPhone = (db: DbOrTx, userUid: string) => Promise<boolean>;

/**
 * PATCH /myProfile: only the fields sent (a phone normalised when it can be), answered as the profile
 * reads after the change; USER_NOT_FOUND when the account is gone.
 */
export async function updateProfile(
  db: Db,
  userUid: string,
  body: ProfilePatch,
  now: Date,
  leadPrefersPhone: LeadPrefersPhone,
): Promise<UserProfile> {
  const patch = { ...body, ...(body.phone ? { phone: normalizePhone(body.phone) ?? body.phone } : {}) };
  const set: AccountChanges = {};
  for (const k of ['firstName', 'lastName', 'phone', 'preferredContact', 'image', 'website'] as const) {
    if (patch[k] !== undefined) set[k] = patch[k];
  }
  await db.transaction(async (tx) => {
    if (patch.phone === '' && (await leadPrefersPhone(tx, userUid)))
      throw new AppError('PHONE_IS_PREFERRED_CONTACT');
    await updateAccount(tx, userUid, set, now);
  });
  const user = await loadProfile(db, userUid);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}
