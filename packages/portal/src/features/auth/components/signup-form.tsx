import { NameEmailSignupForm, SignupForm as SignupSchema } from '@domain-broker/shared/schemas/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import {
  CheckboxField,
  EmailField,
  formStyles,
  SubmitButton,
  TermsLinks,
  TextField,
} from '#portal/components/form.tsx';
import { usePublicConfig } from '#portal/lib/config.ts';
import { isLocale } from '#portal/lib/i18n.ts';
import { registrarUid } from '#portal/lib/registrar.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { readString, STORAGE_KEYS } from '#portal/lib/storage.ts';
import { useSignup } from '../api/signup.ts';
import { applyAuthAnswer } from '../hooks/auth-outcome.ts';
import { NewPasswordFields } from './account-fields.tsx';
import { GoogleButton } from './google-button.tsx';
import { LinkedInButton } from './linkedin-button.tsx';

/** The referral context a sign-up carries (a registrar's widget, a stored domain). */
function signupContext(locale: string) {
  return {
    registrarUID: registrarUid() ?? undefined,
    domainName: readString(STORAGE_KEYS.domainName) ?? undefined,
    locale: isLocale(locale) ? locale : undefined,
  };
}

type FullValues = { email: string; password: string; confirmPassword: string; terms: boolean };

/** Email, password, confirmation and terms: a code is mailed to verify the address (207). */
export function SignupForm({
  place,
  onSignedIn,
  onNavigateAway,
}: {
  place: 'screen' | 'window';
  onSignedIn: () => void;
  onNavigateAway?: () => void;
}) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const mutation = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<FullValues>(SignupSchema, { email: '', password: '', confirmPassword: '', terms: false });

  const onSubmit = handleSubmit(async ({ email, password, confirmPassword }) => {
    const answer = await mutation.run({ email, password, confirmPassword, ...signupContext(i18n.locale) });
    if (!answer) return;
    if (applyAuthAnswer(answer, { email, place, i18n }) === 'signedIn') onSignedIn();
  });

  return (
    <>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <EmailField registration={register('email')} error={errors.email} />
        <NewPasswordFields register={register} errors={errors} label={t`Password`} />
        <CheckboxField
          label={t`I accept the privacy policy and the terms of service.`}
          registration={register('terms')}
          error={errors.terms}
        />
        <TermsLinks />
        <SubmitButton busy={mutation.pending} block>
          <Trans>Sign Up</Trans>
        </SubmitButton>
      </form>
      {(config.googleClientId || config.linkedinSignIn) && (
        <>
          <p className={formStyles.divider}>
            <Trans>or</Trans>
          </p>
          <GoogleButton mode="signup" place={place} onSignedIn={onSignedIn} />
          <LinkedInButton mode="signup" />
        </>
      )}
      <p className={formStyles.hint} style={{ textAlign: 'center' }}>
        <Link href="/login" onClick={onNavigateAway}>
          <Trans>Already have an account?</Trans>
        </Link>
      </p>
    </>
  );
}

type NameEmailValues = { name: string; email: string; terms: boolean };

/** The short variant: name and email; a temporary password is mailed (201 → the alert popup). */
export function NameEmailSignup({
  place,
  onGoToLogin,
}: {
  place: 'screen' | 'window';
  onGoToLogin: () => void;
}) {
  const { t, i18n } = useLingui();
  const mutation = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<NameEmailValues>(NameEmailSignupForm, { name: '', email: '', terms: false });

  const onSubmit = handleSubmit(async ({ name, email }) => {
    const answer = await mutation.run({ name, email, ...signupContext(i18n.locale) });
    if (answer) applyAuthAnswer(answer, { email, place, i18n });
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <TextField label={t`Name`} autoComplete="name" registration={register('name')} error={errors.name} />
      <EmailField registration={register('email')} error={errors.email} />
      <CheckboxField
        label={t`I accept the privacy policy and the terms of service.`}
        registration={register('terms')}
        error={errors.terms}
      />
      <TermsLinks />
      <div className={formStyles.actions}>
        <SubmitButton busy={mutation.pending}>
          <Trans>Continue</Trans>
        </SubmitButton>
        <button type="button" className={formStyles.secondary} onClick={onGoToLogin}>
          <Trans>Go to Login</Trans>
        </button>
      </div>
    </form>
  );
}
