import { ChangePasswordForm } from '@domain-broker/shared/schemas/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formStyles, PasswordField, SubmitButton } from '#portal/components/form.tsx';
import { logout } from '#portal/lib/logout.ts';
import { messageText } from '#portal/lib/messages.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './account-fields.tsx';
import styles from './auth.module.css';

type Values = { oldPassword: string; password: string; confirmPassword: string };

/**
 * /change-password (private): old, new and confirmation. The server ends every session of the account
 * on a change, so the user signs in again with the new password.
 */
function ChangePasswordPage() {
  const { t, i18n } = useLingui();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<Values>(ChangePasswordForm, { oldPassword: '', password: '', confirmPassword: '' });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await mutation.run(values);
    if (!answer) return;
    notifySuccess(messageText(answer, i18n) || t`Password changed successfully`);
    await logout({ callServer: false, to: '/login' });
  });

  return (
    <section className={styles.card} aria-labelledby="change-title">
      <h1 id="change-title" className={styles.title}>
        <Trans>Change password</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>After the change you will sign in again with the new password.</Trans>
      </p>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t`Old password`}
          autoComplete="current-password"
          registration={register('oldPassword')}
          error={errors.oldPassword}
        />
        <NewPasswordFields register={register} errors={errors} />
        <div className={formStyles.actions}>
          <SubmitButton busy={mutation.pending}>
            <Trans>Change Password</Trans>
          </SubmitButton>
          <Link href="/profile" className={formStyles.secondary}>
            <Trans>Cancel</Trans>
          </Link>
        </div>
      </form>
    </section>
  );
}

export default ChangePasswordPage;
