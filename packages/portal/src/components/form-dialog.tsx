import { Trans } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { FormError, formStyles } from './form.tsx';

export interface FormDialogProps {
  title: string;
  /** The form's fields. */
  children: ReactNode;
  submitLabel: ReactNode;
  /** The write is running: both buttons are disabled and the window cannot be dismissed. */
  busy: boolean;
  /** Why the write failed when no field owns the message. */
  error?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
}

/**
 * A window holding one form (create or edit an entry): the fields, the failure, then the submit and
 * Cancel buttons. The form is checked by its own useSchemaForm; this only frames it.
 */
export function FormDialog({
  title,
  children,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
}: FormDialogProps) {
  return (
    <Dialog title={title} onClose={() => !busy && onClose()}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        {children}
        <FormError>{error}</FormError>
        <div className={formStyles.actions}>
          <button type="submit" className={formStyles.primary} disabled={busy} aria-busy={busy}>
            {submitLabel}
          </button>
          <button type="button" className={formStyles.secondary} onClick={onClose} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  );
}
