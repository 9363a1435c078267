import type { SessionData } from '@domain-broker/shared/api';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import formStyles from '#portal/components/form.module.css';
import { ApiError, apiRequest, handleApiError } from '#portal/lib/api.ts';
import { messageText } from '#portal/lib/messages.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { useSendVerificationCode } from '../api/send-verification-code.ts';
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
        <Trans>Sign In Now</Trans>
      </button>
    </div>
  );
}

/** The link's code has expired or was replaced: offer a new one (the form then says where it went). */
function StaleLink({ email, onSent }: { email: string; onSent: () => void }) {
  const { t, i18n } = useLingui();
  const resend = useSendVerificationCode();
  return (
    <div data-verify-state="expired">
      <p className={formStyles.error} role="alert">
        <Trans>The code in this link is no longer valid.</Trans>
      </p>
      <button
        type="button"
        className={formStyles.primary}
        disabled={resend.pending}
        onClick={async () => {
          const answer = await resend.run(email);
          if (!answer) return;
          notifySuccess(messageText(answer, i18n) || t`A new code is on its way.`);
          onSent();
        }}
      >
        <Trans>Send a New Code</Trans>
      </button>
    </div>
  );
}

type LinkState = 'form' | 'checking' | 'done' | 'unknown' | 'already' | 'expired';

/** What the page says when the link's check fails: one state on the page, never a toast beside it. */
const STATE_OF_CODE: Record<string, LinkState> = {
  EMAIL_NOT_REGISTERED: 'unknown',
  USER_NOT_FOUND: 'unknown',
  EMAIL_ALREADY_VERIFIED: 'already',
  OTP_INVALID: 'expired',
  OTP_EXPIRED: 'expired',
};

/** Verifies the code of the link; a failure the page explains itself is not also shown as a toast. */
async function checkLink(email: string, verificationCode: string): Promise<LinkState> {
  try {
    await apiRequest<SessionData>('/verifyEmailByCode', {
      method: 'PATCH',
      body: { email, verificationCode },
      handle: 'none',
    });
    return 'done';
  } catch (error) {
    const state = error instanceof ApiError && error.code ? STATE_OF_CODE[error.code] : undefined;
    if (state) return state;
    if (error instanceof ApiError) handleApiError(error);
    return 'form';
  }
}

/**
 * /verify-email: with `email` and `code` in the query (a link from the mail) the address is verified at
 * once; otherwise the visitor types the mailed code. Success shows a countdown, then /login. A link
 * for an address without an account, an address already verified, or a stale code each get their own
 * page state (and no "we sent a code" beside an error).
 */
function VerifyEmailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const email = params.get('email') ?? undefined;
  const code = params.get('code') ?? params.get('verificationCode') ?? undefined;
  const [state, setState] = useState<LinkState>(email && code ? 'checking' : 'form');
  const started = useRef(false);

  useEffect(() => {
    if (state !== 'checking' || started.current || !email || !code) return;
    started.current = true;
    void checkLink(email, code).then(setState);
  }, [state, email, code]);

  return (
    <section className={styles.card} aria-labelledby="verify-title">
      <h1 id="verify-title" className={styles.title}>
        <Trans>Email verification</Trans>
      </h1>
      {state === 'checking' && <p role="status">{t`Checking your code…`}</p>}
      {state === 'done' && <Countdown />}
      {state === 'unknown' && (
        <div role="alert" data-verify-state="unknown">
          <p>
            <Trans>
              There is no account for <strong>{email}</strong>, so there is nothing to verify.
            </Trans>
          </p>
          <p>
            <Link href="/signup" className={formStyles.primary}>
              <Trans>Create an Account</Trans>
            </Link>{' '}
            <Link href="/login" className={formStyles.secondary}>
              <Trans>Sign In</Trans>
            </Link>
          </p>
        </div>
      )}
      {state === 'already' && (
        <div role="status" data-verify-state="already">
          <p className={formStyles.success}>
            <Trans>This email address is already verified.</Trans>
          </p>
          <Link href="/login" className={formStyles.primary}>
            <Trans>Sign In</Trans>
          </Link>
        </div>
      )}
      {state === 'expired' && email && <StaleLink email={email} onSent={() => setState('form')} />}
      {state === 'form' && (
        <VerificationForm initialEmail={email} signIn={false} onVerified={() => setState('done')} />
      )}
    </section>
  );
}

export default VerifyEmailPage;
