import { DEFAULT_APPRAISAL_LIMITS, MAX_DOMAINS_PER_CONSULTATION } from '@domain-broker/shared/constants';
import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../components/dialog.tsx';
import formStyles from '../components/form.module.css';
import { navigate } from '../lib/navigation.ts';
import { openLoginWindow } from '../lib/open-login.ts';
import { closeOverlay, openOverlay, useOverlays } from '../lib/overlays.ts';
import { screenExists } from '../lib/screens.ts';
import styles from './popups.module.css';

/** 'Upgrade Your Account To Access This Feature' (spec §2). */
export function UpgradeWindow() {
  const { t } = useLingui();
  const close = () => closeOverlay('upgrade');
  const fee = PRICE_TEXT.initialFee;
  const searches = DEFAULT_APPRAISAL_LIMITS.paid;
  const domains = MAX_DOMAINS_PER_CONSULTATION;
  return (
    <Dialog title={t`Upgrade Your Account To Access This Feature`} onClose={close}>
      <p>
        <Trans>The dashboard is part of a paid account. One payment unlocks it:</Trans>
      </p>
      <p className={styles.price}>
        <Trans>USD {fee}, one time</Trans>
      </p>
      <ul className={styles.list}>
        <li>
          <Trans>{searches} appraisal searches a day, with extra data on each domain</Trans>
        </li>
        <li>
          <Trans>A dedicated broker for up to {domains} domain acquisitions</Trans>
        </li>
        <li>
          <Trans>Our e-book on buying a domain name that is already taken</Trans>
        </li>
      </ul>
      <div className={formStyles.actions}>
        {screenExists('/hire-consultant') && (
          <button
            type="button"
            className={formStyles.primary}
            onClick={() => {
              close();
              navigate('/hire-consultant');
            }}
          >
            <Trans>Upgrade Now</Trans>
          </button>
        )}
        <button type="button" className={formStyles.secondary} onClick={close}>
          <Trans>Not Now</Trans>
        </button>
      </div>
    </Dialog>
  );
}

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
