import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '#portal/components/dialog.tsx';
import { navigate } from '#portal/lib/navigation.ts';
import { openLoginWindow } from '#portal/lib/open-login.ts';
import { closeOverlay, useOverlays } from '#portal/lib/overlays.ts';
import styles from './auth.module.css';
import { LoginForm } from './login-form.tsx';
import { NameEmailSignup, SignupForm } from './signup-form.tsx';
import { VerificationForm } from './verification-form.tsx';

/** Closes the sign-in window; the address goes back to the page behind it. */
function closeLoginWindow(background: string) {
  closeOverlay('login');
  if (location.pathname === '/login') navigate(background, { replace: true });
}

/** The sign-in window: the sign-in form over the page it was opened from (the address says /login). */
export function LoginWindow() {
  const { t } = useLingui();
  const payload = useOverlays((s) => s.open.login);
  if (!payload) return null;
  return (
    <Dialog title={t`Sign In as a Buyer`} onClose={() => closeLoginWindow(payload.background)}>
      <div className={`${styles.card} ${styles.bare}`}>
        <LoginForm
          place="window"
          notice={payload.notice}
          onSignedIn={() => closeLoginWindow(payload.background)}
          onNavigateAway={() => closeOverlay('login')}
        />
      </div>
    </Dialog>
  );
}

export function SignupWindow() {
  const { t } = useLingui();
  const payload = useOverlays((s) => s.open.signup);
  if (!payload) return null;
  const close = () => closeOverlay('signup');
  return (
    <Dialog title={t`Sign Up as a Buyer`} onClose={close}>
      {payload.variant === 'nameEmail' ? (
        <NameEmailSignup place="window" onGoToLogin={() => openLoginWindow()} />
      ) : (
        <SignupForm place="window" onSignedIn={close} onNavigateAway={close} />
      )}
    </Dialog>
  );
}

export function VerificationWindow() {
  const { t } = useLingui();
  const payload = useOverlays((s) => s.open.verification);
  if (!payload) return null;
  const close = () => closeOverlay('verification');
  return (
    <Dialog title={t`Verify your email`} onClose={close}>
      <VerificationForm
        initialEmail={payload.email}
        onVerified={() => {
          close();
          if (location.pathname === '/login' || location.pathname === '/signup') navigate('/');
        }}
      />
      <p className={styles.footerLinks}>
        <Trans>The code expires after 10 minutes.</Trans>
      </p>
    </Dialog>
  );
}
