import { SetPasswordForm } from '@domain-broker/shared/schemas/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearchParams } from 'wouter';
import { formStyles, SubmitButton } from '#portal/components/form.tsx';
import { notifySuccess } from '#portal/lib/notify.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSetPassword } from '../api/set-password.ts';
import { NewPasswordFields } from './account-fields.tsx';
import styles from './auth.module.css';

type Values = { password: string; confirmPassword: string };

/**
 * /set-password?token=…: the page a one-time set-password link opens (the first administrator from
 * `pnpm create-admin`, later the accounts an admin creates). The link works once; then sign in.
 */
function SetPasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const token = params.get('token') ?? '';
  const mutation = useSetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<Values>(SetPasswordForm, { password: '', confirmPassword: '' });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await mutation.run({ token, ...values });
    if (!answer) return;
    notifySuccess(t`Your password is set, please sign in.`);
    navigate('/login');
  });

  return (
    <section className={styles.card} aria-labelledby="set-password-title">
      <h1 id="set-password-title" className={styles.title}>
        <Trans>Set your password</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>This link works once. Choose the password you will sign in with.</Trans>
      </p>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <NewPasswordFields register={register} errors={errors} />
        <div className={formStyles.actions}>
          <SubmitButton busy={mutation.pending}>
            <Trans>Set Password</Trans>
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

export default SetPasswordPage;
