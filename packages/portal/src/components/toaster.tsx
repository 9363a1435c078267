/**
 * The shell's toaster: top-center, 15 s (spec), each toast with a close button, because on a phone a toast
 * covers the header for those 15 seconds. Loaded with react-hot-toast the first time a toast is shown.
 */

import { TOAST_DURATION_MS } from '@domain-broker/shared/constants';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { ToastBar, Toaster, toast, useToasterStore } from 'react-hot-toast';
import { MAX_TOASTS } from '../lib/notify.ts';
import styles from './toaster.module.css';

/** At most `MAX_TOASTS` on screen: an older one leaves when a newer one arrives (newest first in the store). */
function useToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const item of toasts.filter((x) => x.visible).slice(MAX_TOASTS)) toast.dismiss(item.id);
  }, [toasts]);
}

export default function AppToaster() {
  const { t } = useLingui();
  useToastLimit();
  return (
    <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }}>
      {(item) => (
        <ToastBar toast={item}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {item.type !== 'loading' && (
                <button
                  type="button"
                  className={styles.close}
                  onClick={() => toast.dismiss(item.id)}
                  aria-label={t`Close`}
                >
                  ×
                </button>
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
