import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { usePublicConfig } from '#portal/lib/config.ts';
import { GOOGLE_IDENTITY_SCRIPT, loadScript } from '#portal/lib/load-script.ts';
import { openOverlay } from '#portal/lib/overlays.ts';
import { registrarUid } from '#portal/lib/registrar.ts';
import { socialLogin } from '../api/social-login.ts';
import { applyAuthAnswer } from '../hooks/auth-outcome.ts';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (options: { client_id: string; callback: (r: { credential: string }) => void }) => void;
      renderButton: (el: HTMLElement, options: Record<string, unknown>) => void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

/** Google's script, or a rejection when it could not be loaded (the button then stays hidden). */
async function loadGoogleScript(): Promise<void> {
  if (!(await loadScript(GOOGLE_IDENTITY_SCRIPT))) throw new Error('Google sign-in failed to load');
}

/**
 * 'Sign in with Google' / 'Sign up with Google': shown only when the server has a Google client id
 * (GET /api/config). Google's own button posts an ID token, which POST /socialLogin checks.
 */
export function GoogleButton({
  mode,
  place,
  onSignedIn,
}: {
  mode: 'signin' | 'signup';
  place: 'screen' | 'window';
  onSignedIn: () => void;
}) {
  const { t, i18n } = useLingui();
  const { googleClientId } = usePublicConfig();
  const slot = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;

  useEffect(() => {
    if (!googleClientId) return;
    let cancelled = false;
    loadGoogleScript()
      .then(() => {
        if (cancelled || !slot.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: googleClientId,
          callback: async ({ credential }) => {
            const registrarUID = registrarUid() ?? undefined;
            const answer = await socialLogin({ credential, roleType: 'Buyer', registrarUID }).catch(
              () => null,
            );
            if (!answer) return;
            const outcome = applyAuthAnswer(answer, { place, i18n });
            if (outcome === 'signedIn') {
              const user = (answer.data as { user?: { phone?: string | null } } | undefined)?.user;
              // a Google account arrives without a phone: ask for the missing details
              if (user && !user.phone) openOverlay('googleProfile');
              onSignedInRef.current();
            }
          },
        });
        window.google.accounts.id.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: mode === 'signup' ? 'signup_with' : 'signin_with',
          locale: i18n.locale === 'zh' ? 'zh_CN' : 'en',
          width: 320,
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [googleClientId, mode, place, i18n]);

  if (!googleClientId || failed) return null;
  return (
    <div>
      <span className="visually-hidden">
        {mode === 'signup' ? t`Sign up with Google` : t`Sign in with Google`}
      </span>
      <div ref={slot} />
    </div>
  );
}
