import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { FormError, formStyles } from './form.tsx';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words: shown above the two buttons. */
  children: ReactNode;
  /** The label of the button that does it (a destructive action is drawn as one). */
  confirmLabel: ReactNode;
  /** The label of the button that keeps things as they are. */
  cancelLabel: ReactNode;
  busy: boolean;
  /** Why the action failed, shown above the buttons. */
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks once more before an action that cannot be undone (a refund, stopping a service, closing a lead).
 * While the action runs both buttons are disabled and the window cannot be dismissed.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={() => !busy && onClose()}>
      {children}
      <FormError>{error}</FormError>
      <div className={formStyles.actions}>
        <button
          type="button"
          className={formStyles.danger}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {confirmLabel}
        </button>
        <button type="button" className={formStyles.secondary} onClick={onClose} disabled={busy}>
          {cancelLabel}
        </button>
      </div>
    </Dialog>
  );
}
