import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import formStyles from '../../../components/form.module.css';
import { navigate } from '../../../lib/navigation.ts';
import { verifyEmailByCode } from '../api/verify-email-by-code.ts';
import styles from './auth.module.css';
import { VerificationForm } from './verification-form.tsx';

const REDIRECT_SECONDS = 5;

/** Counts down once a second and then sends the visitor to /login. */
function Countdown() {
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate('/login');
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return (
    <div className={styles.center} role="status" aria-live="polite">
      <p className={formStyles.success}>
        <Trans>Your email address is verified.</Trans>
      </p>
      <p className={styles.countdown} aria-hidden="true">
        {left}
      </p>
      <p>
        <Trans>Taking you to the sign-in page in {left} seconds.</Trans>
      </p>
      <button type="button" className={formStyles.primary} onClick={() => navigate('/login')}>
        <Trans>Sign in now</Trans>
      </button>
    </div>
  );
}

/**
 * /verify-email: with `email` and `code` in the query (a link from the mail) the address is verified at
 * once; otherwise the visitor types the mailed code. Success shows a countdown, then /login.
 */
function VerifyEmailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const email = params.get('email') ?? undefined;
  const code = params.get('code') ?? params.get('verificationCode') ?? undefined;
  const [state, setState] = useState<'form' | 'checking' | 'done' | 'failed'>(
    email && code ? 'checking' : 'form',
  );
  const started = useRef(false);

  useEffect(() => {
    if (state !== 'checking' || started.current || !email || !code) return;
    started.current = true;
    verifyEmailByCode({ email, verificationCode: code })
      .then(() => setState('done'))
      .catch(() => setState('failed'));
  }, [state, email, code]);

  return (
    <section className={styles.card} aria-labelledby="verify-title">
      <h1 id="verify-title" className={styles.title}>
        <Trans>Email verification</Trans>
      </h1>
      {state === 'checking' && <p role="status">{t`Checking your code…`}</p>}
      {state === 'done' && <Countdown />}
      {(state === 'form' || state === 'failed') && (
        <VerificationForm initialEmail={email} signIn={false} onVerified={() => setState('done')} />
      )}
    </section>
  );
}

export default VerifyEmailPage;
