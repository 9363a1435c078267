/** The fields several account screens ask the same way: the new password, the mailed code. */
import { useLingui } from '@lingui/react/macro';
import type { ComponentProps, KeyboardEvent } from 'react';
import { PasswordField, TextField } from '#portal/components/form.tsx';
import type { FieldMessage, Registration } from '#portal/lib/schema-form.ts';

/**
 * The new password and its confirmation, with the password rule as the hint: sign-up, reset,
 * set-password and change-password ask them the same way (the schemas in
 * packages/shared/src/schemas/auth.ts check them the same way).
 */
export function NewPasswordFields({
  register,
  errors,
  label,
}: {
  register: (name: 'password' | 'confirmPassword') => Registration;
  errors: { password?: FieldMessage | undefined; confirmPassword?: FieldMessage | undefined };
  /** "New password" unless the form calls it otherwise (sign-up says "Password"). */
  label?: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField
        label={label ?? t`New password`}
        autoComplete="new-password"
        hint={t`At least 8 characters with a number, an uppercase letter and one of @$!%*?&.`}
        registration={register('password')}
        error={errors.password}
      />
      <PasswordField
        label={t`Confirm password`}
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword}
      />
    </>
  );
}

/** Keys a numeric code field refuses (minus, plus, e: docs/product.md "Validation rules"). */
function blockNonDigitKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (['-', '+', 'e', 'E', '.', ','].includes(event.key)) event.preventDefault();
}

/**
 * The 6-digit code a mail carries (email verification, password reset): the numeric keyboard, the
 * browser's one-time-code autofill, six characters and no sign or exponent keys.
 */
export function CodeField(
  props: Omit<ComponentProps<typeof TextField>, 'inputMode' | 'autoComplete' | 'maxLength' | 'onKeyDown'>,
) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      onKeyDown={blockNonDigitKeys}
      {...props}
    />
  );
}
