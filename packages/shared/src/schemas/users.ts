/**
 * The admin's Users tab (docs/product.md "Staff workspace"; docs/api.md "Users"): the wire contract shared by
 * the server module (packages/server/src/modules/users) and the portal's tab.
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { PRIVILEGES, ROLE_TYPES, USER_INTERESTS } from '../roles.ts';
import {
  anyCaseSortTypeField,
  emailField,
  emptyOrPhoneField,
  first,
  noNul,
  pageNumber,
  percentageField,
  requiredText,
  searchText,
  sortByField,
  TOO_LONG,
  UNKNOWN_FIELD,
  urlField,
} from './common.ts';
import { UserProfileSchema } from './profile.ts';

/** The user form's field messages (the spec's texts). */
const FIELD = {
  url: FIELD_MESSAGES.URL_INVALID,
  phone: FIELD_MESSAGES.PHONE_INVALID,
  firstName: FIELD_MESSAGES.FIRST_NAME_REQUIRED,
  emailEmpty: FIELD_MESSAGES.EMAIL_FIELD_EMPTY,
  emailInvalid: FIELD_MESSAGES.EMAIL_PLEASE_ENTER_VALID,
  role: FIELD_MESSAGES.ROLE_ID_INVALID,
} as const;

// ── the list ────────────────────────────────────────────────────────────────────────────────────

/** Sorts the list offers; createdAt, lastLogin and email each have their own index (migrations 0000, 0011). */
export const USER_SORT_FIELDS = ['createdAt', 'lastLogin', 'email'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
/** filterBy names what filterType holds: a role type, or the account's status. */
export const USER_FILTERS = ['role', 'status'] as const;
export const USER_STATUSES = ['active', 'deactivated', 'all'] as const;
export type UserStatusFilter = (typeof USER_STATUSES)[number];
export const USERS_PAGE_SIZE = 10;

/**
 * GET /users. Without a filter the list shows active accounts (a deleted user is deactivated, not
 * gone: filterBy=status&filterType=deactivated lists them). Default sort createdAt DESC, 10 a page.
 */
export const UserListQuery = v.pipe(
  v.strictObject(
    {
      search: searchText(254),
      page: pageNumber(1, 1_000_000),
      limit: pageNumber(USERS_PAGE_SIZE, 100),
      filterBy: v.optional(v.picklist(USER_FILTERS, FIELD_MESSAGES.INVALID_ENTRY)),
      filterType: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40, TOO_LONG))),
      sortBy: sortByField(USER_SORT_FIELDS, 'createdAt'),
      sortType: anyCaseSortTypeField(['ASC', 'DESC']),
    },
    UNKNOWN_FIELD,
  ),
  v.check(
    (q) =>
      !q.filterBy ||
      !q.filterType ||
      (q.filterBy === 'role'
        ? (ROLE_TYPES as readonly string[]).includes(q.filterType)
        : (USER_STATUSES as readonly string[]).includes(q.filterType)),
    FIELD_MESSAGES.INVALID_ENTRY,
  ),
);
export type UserListQuery = v.InferOutput<typeof UserListQuery>;

const RoleRef = v.object({ UID: v.string(), roleType: v.picklist(ROLE_TYPES) });

/** One row of the list with the counts the tab shows. */
export const AdminUserSchema = v.object({
  UID: v.string(),
  name: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.string(),
  image: v.string(),
  website: v.string(),
  /** The first role (the form's single role); null for a user without roles (treated as Buyer). */
  role: v.nullable(RoleRef),
  roles: v.array(v.object({ roleUID: v.string(), roleType: v.picklist(ROLE_TYPES) })),
  roleId: v.nullable(v.string()),
  createdAt: v.string(),
  lastLogin: v.nullable(v.string()),
  /** The broker of the user's latest lead, and that broker's name. */
  closeAgentUID: v.nullable(v.string()),
  closeAgentName: v.nullable(v.string()),
  userInterested: v.nullable(v.picklist(USER_INTERESTS)),
  registrarUID: v.nullable(v.string()),
  /** A consultant who takes new leads (decision B11). */
  acceptingLeads: v.boolean(),
  deactivatedAt: v.nullable(v.string()),
  /** Paid leads (domains the user hired a broker to buy), domains appraised, domains listed for sale. */
  buyDomainCount: v.number(),
  appraisedDomainCount: v.number(),
  sellDomainCount: v.number(),
  userDetail: v.object({
    ...(Object.fromEntries(PRIVILEGES.map((p) => [p, v.boolean()])) as Record<
      (typeof PRIVILEGES)[number],
      v.BooleanSchema<undefined>
    >),
    percentage: v.number(),
    commissionPercentage: v.number(),
  }),
});
export type AdminUser = v.InferOutput<typeof AdminUserSchema>;

export const UserListSchema = v.object({
  users: v.array(AdminUserSchema),
  pagination: v.object({ total: v.number(), page: v.number(), limit: v.number(), totalPage: v.number() }),
});
export type UserList = v.InferOutput<typeof UserListSchema>;

// ── the form ────────────────────────────────────────────────────────────────────────────────────

/** A phone that may be empty; anything else must be a valid international number (libphonenumber-js). */
const optionalPhone = emptyOrPhoneField(FIELD.phone);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const roleIdField = first(v.pipe(v.string(FIELD.role), v.trim(), v.regex(UUID, FIELD.role)));
const imageField = first(v.pipe(v.string(), v.trim(), v.maxLength(2048, TOO_LONG), noNul));
const lastNameField = first(v.pipe(v.string(), v.trim(), v.maxLength(100, TOO_LONG), noNul));

/** POST /createUser. No password: the new user is mailed a one-time set-password link (decision B2). */
export const CreateUserBody = v.strictObject(
  {
    firstName: requiredText(FIELD.firstName, 100),
    lastName: v.optional(lastNameField, ''),
    roleId: roleIdField,
    phone: v.optional(optionalPhone, ''),
    /** Required for a registrar (checked with the role, on the server). */
    website: v.optional(urlField(FIELD.url), ''),
    image: v.optional(imageField, ''),
    email: emailField(FIELD.emailEmpty, FIELD.emailInvalid),
  },
  UNKNOWN_FIELD,
);
export type CreateUserBody = v.InferOutput<typeof CreateUserBody>;

/**
 * PATCH /users/{id}: only the fields sent change. `email` may be sent (the form shows it) but must be
 * the user's own address: the email is not editable. `acceptingLeads` is the consultant's toggle.
 */
export const UpdateUserBody = v.strictObject(
  {
    firstName: v.optional(requiredText(FIELD.firstName, 100)),
    lastName: v.optional(lastNameField),
    roleId: v.optional(roleIdField),
    phone: v.optional(optionalPhone),
    website: v.optional(urlField(FIELD.url)),
    image: v.optional(imageField),
    email: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254, TOO_LONG))),
    acceptingLeads: v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY)),
  },
  UNKNOWN_FIELD,
);
export type UpdateUserBody = v.InferOutput<typeof UpdateUserBody>;

/** PATCH /updatePrivileges/{id}: the six flags and the two percentages (0-100); only those sent change. */
export const UpdatePrivilegesBody = v.strictObject(
  {
    ...(Object.fromEntries(
      PRIVILEGES.map((p) => [p, v.optional(v.boolean(FIELD_MESSAGES.INVALID_ENTRY))]),
    ) as Record<
      (typeof PRIVILEGES)[number],
      v.OptionalSchema<v.BooleanSchema<typeof FIELD_MESSAGES.INVALID_ENTRY>, undefined>
    >),
    percentage: v.optional(percentageField),
    commissionPercentage: v.optional(percentageField),
  },
  UNKNOWN_FIELD,
);
export type UpdatePrivilegesBody = v.InferOutput<typeof UpdatePrivilegesBody>;

/** The portal's form (create and edit): email shown read-only on edit. */
export const UserForm = v.object({
  firstName: requiredText(FIELD.firstName, 100),
  lastName: lastNameField,
  email: emailField(FIELD.emailEmpty, FIELD.emailInvalid),
  roleId: first(v.pipe(v.string(FIELD_MESSAGES.ROLE_REQUIRED), v.nonEmpty(FIELD_MESSAGES.ROLE_REQUIRED))),
  phone: optionalPhone,
  website: urlField(FIELD.url),
  image: v.string(),
});
export type UserForm = v.InferInput<typeof UserForm>;

/**
 * What a change answers: the saved row, and for an admin who changed their own account, their fresh profile
 * (`session`), which the portal puts in place of the stored one (docs/product.md "Session and logout").
 */
export interface UserChangeAnswer {
  user: AdminUser;
  session?: import('./profile.ts').UserProfile;
}

/**
 * `data` of PATCH /updateUser/{id} and /updatePrivileges/{id}: the changed user, and `session` only when
 * the admin changed their own account (their fresh profile, which replaces the portal's stored one).
 */
export const UserChangeSchema = v.object({
  user: AdminUserSchema,
  session: v.optional(UserProfileSchema),
});
