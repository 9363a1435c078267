import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { PREFERRED_CONTACTS, PRIVILEGES, ROLE_TYPES, USER_INTERESTS } from '../roles.ts';
import {
  emptyOrPhoneField,
  optionalText,
  phoneField,
  requiredText,
  TOO_LONG,
  UNKNOWN_FIELD,
  urlField,
} from './common.ts';

/**
 * PATCH /myProfile: only the fields sent change; `name` is derived from first and last name. An empty
 * phone removes it (refused while an open lead prefers Phone or SMS).
 */
export const UpdateProfileBody = v.strictObject(
  {
    firstName: v.optional(requiredText(FIELD_MESSAGES.FIRST_NAME_REQUIRED, 100)),
    lastName: optionalText(100),
    phone: v.optional(emptyOrPhoneField(FIELD_MESSAGES.PHONE_INVALID)),
    preferredContact: v.optional(v.picklist(PREFERRED_CONTACTS, FIELD_MESSAGES.INVALID_ENTRY)),
    image: optionalText(2048),
    website: v.optional(urlField(FIELD_MESSAGES.URL_INVALID)),
  },
  UNKNOWN_FIELD,
);
export type UpdateProfileBody = v.InferOutput<typeof UpdateProfileBody>;

/** The profile form of the portal (email is shown read-only and never sent; the phone may be removed). */
export const ProfileForm = v.object({
  firstName: requiredText(FIELD_MESSAGES.FIRST_NAME_REQUIRED, 100),
  lastName: v.pipe(v.string(), v.trim(), v.maxLength(100, TOO_LONG)),
  phone: emptyOrPhoneField(FIELD_MESSAGES.PHONE_INVALID),
  preferredContact: v.picklist(PREFERRED_CONTACTS, FIELD_MESSAGES.INVALID_ENTRY),
});
export type ProfileForm = v.InferInput<typeof ProfileForm>;

/** The 'Please fill out the required Information' window: the same fields, the phone required. */
export const RequiredInformationForm = v.object({
  ...ProfileForm.entries,
  phone: phoneField(FIELD_MESSAGES.PHONE_REQUIRED, FIELD_MESSAGES.PHONE_INVALID),
});

export const UserDetailSchema = v.object({
  ...Object.fromEntries(PRIVILEGES.map((p) => [p, v.boolean()])),
  percentage: v.number(),
  commissionPercentage: v.number(),
} as Record<
  (typeof PRIVILEGES)[number] | 'percentage' | 'commissionPercentage',
  v.BooleanSchema<undefined> | v.NumberSchema<undefined>
>);

/** The user object of GET /myProfile, login and email verification (docs/product.md "Records"). */
export const UserProfileSchema = v.object({
  UID: v.string(),
  name: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  image: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  website: v.string(),
  roles: v.array(v.object({ role: v.object({ UID: v.string(), roleType: v.picklist(ROLE_TYPES) }) })),
  registrarUID: v.nullable(v.string()),
  userInterested: v.nullable(v.picklist(USER_INTERESTS)),
  preferredContact: v.picklist(PREFERRED_CONTACTS),
  emailVerified: v.boolean(),
  locale: v.picklist(['en', 'zh']),
  userDetail: UserDetailSchema,
  createdAt: v.string(),
});
export type UserProfile = v.InferOutput<typeof UserProfileSchema> & {
  userDetail: import('../roles.ts').UserDetail;
};

export const RoleSchema = v.object({ UID: v.string(), roleType: v.picklist(ROLE_TYPES) });
export type Role = v.InferOutput<typeof RoleSchema>;
