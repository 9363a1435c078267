import { CertificateForm } from '@domain-broker/shared/schemas/appraisal';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Dialog } from '#portal/components/dialog.tsx';
import { FormError, formStyles } from '#portal/components/form.tsx';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import styles from './appraisal.module.css';
import { formText } from './messages.ts';

/**
 * E-mails the appraisal certificate (docs/product.md "Appraisal page"): the email field starts with the
 * user's address, is required and must be valid; Send. The dialog keeps focus inside, Escape closes, focus
 * returns.
 */
export function CertificateModal({
  domain,
  defaultEmail,
  sending,
  onSend,
  onClose,
}: {
  domain: string;
  defaultEmail: string;
  sending: boolean;
  onSend: (email: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm<{ email: string }>(CertificateForm, { email: defaultEmail });
  const error = errors.email?.message;
  return (
    <Dialog title={t`Email the appraisal certificate`} onClose={onClose}>
      <form className={formStyles.form} noValidate onSubmit={handleSubmit(({ email }) => onSend(email))}>
        <p className={styles.muted}>
          <Trans>We will send the PDF certificate for {domain} to this address.</Trans>
        </p>
        <div className={formStyles.field}>
          <label htmlFor={id} className={formStyles.label}>
            {t`Email`}
          </label>
          <input
            id={id}
            type="email"
            autoComplete="email"
            data-autofocus
            className={formStyles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...register('email')}
          />
          <FormError id={`${id}-error`}>{formText(error, i18n)}</FormError>
        </div>
        <button
          type="submit"
          className={`${formStyles.primary} ${formStyles.block}`}
          disabled={sending}
          aria-busy={sending}
        >
          {t`Send`}
        </button>
      </form>
    </Dialog>
  );
}
