import type { PreferredContact } from '@domain-broker/shared/roles';
import { PREFERRED_CONTACTS } from '@domain-broker/shared/roles';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { ProfileForm, RequiredInformationForm } from '@domain-broker/shared/schemas/profile';
import { normalizePhone } from '@domain-broker/shared/validators';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import { formStyles, TextField } from '#portal/components/form.tsx';
import { PhoneField } from '#portal/components/phone-field.tsx';
import { type SchemaForm, useSchemaForm } from '#portal/lib/schema-form.ts';

export type ProfileValues = {
  firstName: string;
  lastName: string;
  phone: string;
  preferredContact: PreferredContact;
};

/** Stored values are Email / Phone / PhoneText; people see Email / Phone / SMS. */
const CONTACT_LABELS: Record<PreferredContact, MessageDescriptor> = {
  Email: msg`Email`,
  Phone: msg`Phone`,
  PhoneText: msg`SMS`,
};

export function profileDefaults(profile: UserProfile | null | undefined): ProfileValues {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    phone: profile?.phone ?? '',
    preferredContact: profile?.preferredContact ?? 'Email',
  };
}

/** The body of PATCH /myProfile: the phone in its international form (empty removes it). */
export function toUpdateBody(values: ProfileValues) {
  const phone = values.phone.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: phone === '' ? '' : (normalizePhone(phone) ?? phone),
    preferredContact: values.preferredContact,
  };
}

/** The profile screen may remove the phone; the 'required Information' window asks for one. */
export function useProfileForm(
  profile: UserProfile | null | undefined,
  { phoneRequired = false }: { phoneRequired?: boolean } = {},
): SchemaForm<ProfileValues, ProfileValues> {
  const form = useSchemaForm<ProfileValues>(
    phoneRequired ? RequiredInformationForm : ProfileForm,
    profileDefaults(profile),
  );
  const { reset, formState } = form;
  // a fresher profile from the server replaces the defaults unless the user has started editing
  useEffect(() => {
    if (profile && !formState.isDirty) reset(profileDefaults(profile));
  }, [profile, reset, formState.isDirty]);
  return form;
}

/** First name, last name (optional), phone and contact preference. */
export function ProfileFields({
  form,
  emailSlot,
  phoneOptional,
}: {
  form: SchemaForm<ProfileValues, ProfileValues>;
  emailSlot?: ReactNode;
  phoneOptional?: boolean;
}) {
  const { t, i18n } = useLingui();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField
        label={t`First name`}
        autoComplete="given-name"
        registration={register('firstName')}
        error={errors.firstName}
      />
      <TextField
        label={t`Last name`}
        optional
        autoComplete="family-name"
        registration={register('lastName')}
        error={errors.lastName}
      />
      {emailSlot}
      <PhoneField
        label={t`Phone`}
        optional={phoneOptional}
        registration={register('phone')}
        error={errors.phone}
      />
      <fieldset className={formStyles.fieldset}>
        <legend>{t`Contact preference`}</legend>
        <div className={formStyles.radios}>
          {PREFERRED_CONTACTS.map((value) => (
            <label key={value} className={formStyles.radio}>
              <input type="radio" value={value} {...register('preferredContact')} />
              {i18n._(CONTACT_LABELS[value])}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
