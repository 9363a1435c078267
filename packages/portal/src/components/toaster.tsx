/**
 * The shell's toaster: top-center, 15 s (spec), each toast with a close button, because on a phone a toast
 * covers the header for those 15 seconds. Loaded with react-hot-toast the first time a toast is shown.
 */

import { TOAST_DURATION_MS } from '@domain-broker/shared/constants';
import { useLingui } from '@lingui/react/macro';
import { ToastBar, Toaster, toast } from 'react-hot-toast';
import styles from './toaster.module.css';

export default function AppToaster() {
  const { t } = useLingui();
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
