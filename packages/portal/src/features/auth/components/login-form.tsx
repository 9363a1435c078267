import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { EmailField, formStyles, PasswordField, SubmitButton } from '#portal/components/form.tsx';
import { usePublicConfig } from '#portal/lib/config.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { readString, STORAGE_KEYS } from '#portal/lib/storage.ts';
import { useLogin } from '../api/login.ts';
import { applyAuthAnswer } from '../hooks/auth-outcome.ts';
import styles from './auth.module.css';

import { LinkedInButton } from './linkedin-button.tsx';

// Google's button (and its script) is not part of the first paint of /login
const GoogleButton = lazy(() => import('./google-button.tsx').then((m) => ({ default: m.GoogleButton })));
// the schema (and valibot) download while the visitor types: /login's first load stays small
const loginSchema = () => import('@domain-broker/shared/schemas/auth').then((m) => m.LoginForm);

type Values = { email: string; password: string };

/**
 * The sign-in form, shared by the /login screen and the sign-in window. `onSignedIn` decides where to
 * go; a 207 answer opens the verification window instead.
 */
export function LoginForm({
  place,
  notice,
  onSignedIn,
  onNavigateAway,
}: {
  place: 'screen' | 'window';
  notice?: 'loggedOut';
  onSignedIn: () => void;
  /** Called before following a link out of the form (the window closes itself). */
  onNavigateAway?: () => void;
}) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const mutation = useLogin();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useSchemaForm<Values>(loginSchema, { email: readString(STORAGE_KEYS.userEmail) ?? '', password: '' });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await mutation.run({ ...values, roleType: 'Buyer' });
    if (!answer) return;
    if (applyAuthAnswer(answer, { email: values.email, place, i18n }) === 'signedIn') onSignedIn();
  });

  return (
    <>
      {notice === 'loggedOut' && (
        <p className={formStyles.warning} role="status">
          <Trans>You have been logged out, please enter your password to log in again</Trans>
        </p>
      )}
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <EmailField registration={register('email')} error={errors.email} />
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
        />
        <div className={formStyles.row}>
          <Link
            href="/forgot-password"
            state={{ email: getValues().email, returnTo: '/login' }}
            onClick={onNavigateAway}
          >
            <Trans>Forgot password?</Trans>
          </Link>
          <Link href="/signup" onClick={onNavigateAway}>
            <Trans>Create an account</Trans>
          </Link>
        </div>
        <SubmitButton busy={mutation.pending} block>
          <Trans>Sign In</Trans>
        </SubmitButton>
      </form>
      {(config.googleClientId || config.linkedinSignIn) && (
        <>
          <p className={formStyles.divider}>
            <Trans>or</Trans>
          </p>
          {config.googleClientId && (
            <Suspense fallback={null}>
              <GoogleButton mode="signin" place={place} onSignedIn={onSignedIn} />
            </Suspense>
          )}
          <LinkedInButton mode="signin" />
        </>
      )}
      {config.marketplaceLoginUrl && (
        <div className={styles.footerLinks}>
          <a href={config.marketplaceLoginUrl} rel="noopener">
            <Trans>Login as a Seller</Trans>
          </a>
        </div>
      )}
    </>
  );
}
