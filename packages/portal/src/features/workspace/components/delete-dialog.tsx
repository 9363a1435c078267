import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '#portal/components/confirm-dialog.tsx';
import type { Written } from '#portal/lib/page-api.ts';
import { useTabWrite } from '../use-write.ts';

/**
 * Asks before a tab deletes one of its rows (manual appraisals, promo codes, users): `remove` does it,
 * then the tab's list is asked again and the dialog closes. The failure shows above the buttons, or
 * where `showError` draws it.
 */
export function DeleteRowDialog<T>({
  title,
  listKey,
  remove,
  fallback = msg`Deleted successfully`,
  onClose,
  showError,
  children,
}: {
  title: string;
  listKey: QueryKey;
  remove: () => Promise<Written<T>>;
  /** The success toast when the server's answer has no message of its own. */
  fallback?: MessageDescriptor;
  onClose: () => void;
  showError?: (error: string) => ReactNode;
  /** What will be deleted, in words. */
  children: ReactNode;
}) {
  const write = useTabWrite(listKey, remove, { fallback, onDone: onClose });
  return (
    <ConfirmDialog
      title={title}
      busy={write.pending}
      onConfirm={() => write.run(undefined)}
      onClose={onClose}
      confirmLabel={<Trans>Delete</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      error={showError ? null : write.error}
    >
      {children}
      {showError && write.error ? showError(write.error) : null}
    </ConfirmDialog>
  );
}
