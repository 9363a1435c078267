import { VerificationCodeForm } from '@domain-broker/shared/schemas/auth';
import { isEmail } from '@domain-broker/shared/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EmailField, formStyles, SubmitButton } from '#portal/components/form.tsx';
import { messageText } from '#portal/lib/messages.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSendVerificationCode } from '../api/send-verification-code.ts';
import { useVerifyEmailByCode } from '../api/verify-email-by-code.ts';
import { signInWith } from '../hooks/auth-outcome.ts';
import { CodeField } from './account-fields.tsx';

/**
 * Email verification: the mailed code and 'Proceed'; 'Click here' mails a new code, or, when no email
 * is known, an email field asks where to send one; 'Enter code?' switches back.
 */
export function VerificationForm({
  initialEmail,
  onVerified,
  signIn = true,
}: {
  initialEmail?: string;
  onVerified: (email: string) => void;
  /** The window signs in with the answer; the standalone screen sends the user to /login instead. */
  signIn?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState(initialEmail ?? '');
  const [asking, setAsking] = useState(!initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const verify = useVerifyEmailByCode();
  const resend = useSendVerificationCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<{ verificationCode: string }, { verificationCode: string }>(VerificationCodeForm, {
    verificationCode: '',
  });

  const sendCode = async (to: string) => {
    const answer = await resend.run(to);
    if (!answer) return;
    notifySuccess(messageText(answer, i18n) || t`A new code is on its way.`);
    setAsking(false);
  };

  const onSubmit = handleSubmit(async ({ verificationCode }) => {
    const answer = await verify.run({ email, verificationCode });
    if (!answer) return;
    if (signIn && answer.data?.token) signInWith(answer.data.token, answer.data.user, answer.data);
    notifySuccess(messageText(answer, i18n) || t`Your email address is verified.`);
    onVerified(email);
  });

  if (asking) {
    return (
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const value = email.trim();
          if (!value) return setEmailError(t`Email address can't be empty.`);
          if (!isEmail(value)) return setEmailError(t`Email address is not valid.`);
          setEmailError(null);
          void sendCode(value);
        }}
      >
        <p className={formStyles.hint}>
          <Trans>Enter the email address you signed up with and we will send a new code.</Trans>
        </p>
        <EmailField
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError ? { message: emailError } : undefined}
        />
        <SubmitButton busy={resend.pending} block>
          <Trans>Send Code</Trans>
        </SubmitButton>
        {initialEmail || email ? (
          <button type="button" className={formStyles.linkButton} onClick={() => setAsking(false)}>
            <Trans>Enter Code?</Trans>
          </button>
        ) : null}
      </form>
    );
  }

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <p className={formStyles.hint}>
        <Trans>
          We sent a 6-digit code to <strong>{email}</strong>. It expires in 10 minutes.
        </Trans>
      </p>
      <CodeField
        label={t`Verification code`}
        data-autofocus
        registration={register('verificationCode')}
        error={errors.verificationCode}
      />
      <SubmitButton busy={verify.pending} block>
        <Trans>Proceed</Trans>
      </SubmitButton>
      <p className={formStyles.hint}>
        <Trans>
          Did not receive it?{' '}
          <button
            type="button"
            className={formStyles.linkButton}
            disabled={resend.pending}
            onClick={() => void sendCode(email)}
          >
            Click here
          </button>{' '}
          to send a new code.
        </Trans>{' '}
        <button type="button" className={formStyles.linkButton} onClick={() => setAsking(true)}>
          <Trans>Use another email?</Trans>
        </button>
      </p>
    </form>
  );
}
