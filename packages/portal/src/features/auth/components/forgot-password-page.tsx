import { roleContextForPath } from '@domain-broker/shared/roles';
import { ForgotPasswordEmailForm, ResetPasswordForm } from '@domain-broker/shared/schemas/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { EmailField, formStyles, SubmitButton } from '#portal/components/form.tsx';
import { messageText } from '#portal/lib/messages.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { CodeField, NewPasswordFields } from './account-fields.tsx';
import styles from './auth.module.css';

/** The email and return path arrive as navigation state (the sign-in form passes them). */
function navigationState(): { email?: string; returnTo?: string } {
  const state = typeof history === 'undefined' ? null : (history.state as unknown);
  if (typeof state !== 'object' || state === null) return {};
  const { email, returnTo } = state as Record<string, unknown>;
  return {
    email: typeof email === 'string' ? email : undefined,
    returnTo: typeof returnTo === 'string' && returnTo.startsWith('/') ? returnTo : undefined,
  };
}

function EmailStep({ email, onSent }: { email: string; onSent: (email: string) => void }) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const mutation = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<{ email: string }>(ForgotPasswordEmailForm, { email });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await mutation.run({ email: values.email, roleType: roleContextForPath(location) });
    if (!answer) return;
    notifySuccess(messageText(answer, i18n) || t`We sent a one-time code to your email.`);
    onSent(values.email);
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>
        <Trans>Enter the email address of your account and we will send you a one-time code (OTP).</Trans>
      </p>
      <EmailField registration={register('email')} error={errors.email} />
      <SubmitButton busy={mutation.pending} block>
        <Trans>Send OTP</Trans>
      </SubmitButton>
    </form>
  );
}

type OtpValues = { OTP: string; password: string; confirmPassword: string };

function OtpStep({
  email,
  onChangeEmail,
  onDone,
}: {
  email: string;
  onChangeEmail: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const reset = useResetPassword();
  const resend = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<OtpValues>(ResetPasswordForm, { OTP: '', password: '', confirmPassword: '' });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await reset.run({ email, ...values });
    if (!answer) return;
    notifySuccess(messageText(answer, i18n) || t`Your password has been reset.`);
    onDone();
  });

  const resendCode = async () => {
    const answer = await resend.run({ email, roleType: roleContextForPath(location) });
    if (answer) notifySuccess(messageText(answer, i18n) || t`We sent a new code.`);
  };

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>
        <Trans>
          Enter the code we sent to <strong>{email}</strong> and choose a new password.
        </Trans>
      </p>
      <CodeField label={t`One-time code (OTP)`} registration={register('OTP')} error={errors.OTP} />
      <NewPasswordFields register={register} errors={errors} />
      <SubmitButton busy={reset.pending} block>
        <Trans>Reset Password</Trans>
      </SubmitButton>
      <div className={formStyles.row}>
        <button type="button" className={formStyles.linkButton} onClick={onChangeEmail}>
          <Trans>Change Email?</Trans>
        </button>
        <button
          type="button"
          className={formStyles.linkButton}
          onClick={() => void resendCode()}
          disabled={resend.pending}
        >
          <Trans>Resend OTP?</Trans>
        </button>
      </div>
    </form>
  );
}

/**
 * /forgot-password and /forgot-password-registrar (no header or footer): the email step, then the
 * code and new password. The path decides the role context sent with the request.
 */
function ForgotPasswordPage() {
  const [{ email: initialEmail, returnTo }] = useState(navigationState);
  const [email, setEmail] = useState(initialEmail ?? '');
  const [step, setStep] = useState<'email' | 'otp'>('email');
  const back = returnTo ?? '/';
  return (
    <div className={styles.standalone}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <Link href="/" className={styles.brand}>
          Domain Broker
        </Link>
        <h1 id="forgot-title" className={styles.title}>
          <Trans>Forgot your password?</Trans>
        </h1>
        {step === 'email' ? (
          <EmailStep
            email={email}
            onSent={(sentTo) => {
              setEmail(sentTo);
              setStep('otp');
            }}
          />
        ) : (
          <OtpStep email={email} onChangeEmail={() => setStep('email')} onDone={() => navigate('/login')} />
        )}
        <div className={styles.footerLinks}>
          {step === 'otp' && (
            <button type="button" className={formStyles.linkButton} onClick={() => setStep('email')}>
              <Trans>Go Back</Trans>
            </button>
          )}
          <Link href={back}>
            <Trans>Return to Main Page</Trans>
          </Link>
        </div>
      </section>
    </div>
  );
}

export default ForgotPasswordPage;
