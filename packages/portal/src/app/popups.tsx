import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../components/dialog.tsx';
import formStyles from '../components/form.module.css';
import { openLoginWindow } from '../lib/open-login.ts';
import { closeOverlay, openOverlay, useOverlays } from '../lib/overlays.ts';
import styles from './popups.module.css';

/** Offered to a visitor who used up the guest appraisals: an account unlocks more. */
export function CreateFreeAccountWindow() {
  const { t } = useLingui();
  const close = () => closeOverlay('createFreeAccount');
  return (
    <Dialog title={t`Create a free account`} onClose={close}>
      <p>
        <Trans>
          A free account unlocks more appraisals every day and keeps the history of the domains you looked up.
        </Trans>
      </p>
      <div className={formStyles.actions}>
        <button
          type="button"
          className={formStyles.primary}
          onClick={() => {
            close();
            openOverlay('signup', { variant: 'full' });
          }}
        >
          <Trans>Create a Free Account</Trans>
        </button>
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() => {
            close();
            openLoginWindow();
          }}
        >
          <Trans>Sign In</Trans>
        </button>
      </div>
    </Dialog>
  );
}

/** Alert popups: password sent, welcome mail, promo code; all closed with 'Okay!'. */
export function AlertWindow() {
  const { t } = useLingui();
  const payload = useOverlays((s) => s.open.alert);
  if (!payload) return null;
  const close = () => closeOverlay('alert');
  const fallback =
    payload.kind === 'promo'
      ? t`Please check your registered email for your promo code.`
      : payload.kind === 'welcome'
        ? t`Please check your registered email for our welcome email.`
        : t`Please check your registered email for your temporary password.`;
  return (
    <Dialog title={t`Check your email`} onClose={close}>
      <p>{payload.message || fallback}</p>
      <button type="button" className={formStyles.primary} onClick={close} data-autofocus>
        <Trans>Okay!</Trans>
      </button>
    </Dialog>
  );
}

export function MaintenanceWindow() {
  const { t } = useLingui();
  const close = () => closeOverlay('maintenance');
  return (
    <Dialog title={t`We are improving the site`} onClose={close}>
      <p className={styles.lead}>
        <Trans>Please pardon our dust as we remodel! New quirks and features on the way!</Trans>
      </p>
      <button type="button" className={formStyles.primary} onClick={close}>
        <Trans>Okay!</Trans>
      </button>
    </Dialog>
  );
}
