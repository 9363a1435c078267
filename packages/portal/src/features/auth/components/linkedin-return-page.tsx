import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import formStyles from '#portal/components/form.module.css';
import { ApiError, errorText } from '#portal/lib/api.ts';
import { signInDestination } from '#portal/lib/buy-flow.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { openOverlay } from '#portal/lib/overlays.ts';
import { registrarUid } from '#portal/lib/registrar.ts';
import { linkedinLogin, takeLinkedinState } from '../api/linkedin-login.ts';
import { applyAuthAnswer } from '../hooks/auth-outcome.ts';
import styles from './auth.module.css';

/**
 * /auth/linkedin: where LinkedIn sends the browser back (`code` and `state`, or `error`). The state must
 * be the one this tab started with; the server then verifies the ID token and signs in (the same
 * answers as Google's). Afterwards: the action that asked for the session, or the lead-based routing.
 */
function LinkedInReturnPage() {
  const { i18n } = useLingui();
  const [failure, setFailure] = useState<string | null>(null);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    const expected = takeLinkedinState();
    // the code leaves the address bar at once
    window.history.replaceState(null, '', window.location.pathname);
    if (!code || !state || !expected || state !== expected) {
      setFailure('');
      return;
    }
    const registrarUID = registrarUid() ?? undefined;
    linkedinLogin({
      code,
      state,
      roleType: 'Buyer',
      registrarUID,
      locale: i18n.locale === 'zh' ? 'zh' : 'en',
    })
      .then(async (answer) => {
        const outcome = applyAuthAnswer(answer, { place: 'screen', i18n });
        if (outcome !== 'signedIn') return setFailure('');
        const user = (answer.data as { user?: { phone?: string | null } } | undefined)?.user;
        // a LinkedIn account arrives without a phone: ask for the missing details, as after Google
        if (user && !user.phone) openOverlay('googleProfile');
        navigate((await signInDestination()) ?? '/', { replace: true });
      })
      .catch((error: unknown) =>
        setFailure(
          error instanceof ApiError && error.code === 'ACCOUNT_ALREADY_REGISTERED' ? errorText(error) : '',
        ),
      );
  }, [i18n]);

  return (
    <section className={styles.card} aria-labelledby="linkedin-title">
      <h1 id="linkedin-title" className={styles.title}>
        <Trans>Sign in with LinkedIn</Trans>
      </h1>
      {failure === null ? (
        <p role="status" aria-live="polite">
          <Trans>Signing you in…</Trans>
        </p>
      ) : (
        <div data-linkedin-state="failed">
          <p className={formStyles.error} role="alert">
            {failure || <Trans>Sign in with LinkedIn did not complete. Please try again.</Trans>}
          </p>
          <Link href="/login" className={formStyles.primary}>
            <Trans>Back to Sign In</Trans>
          </Link>
        </div>
      )}
    </section>
  );
}

export default LinkedInReturnPage;
