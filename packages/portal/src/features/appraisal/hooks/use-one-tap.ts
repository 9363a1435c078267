/**
 * Google's one-tap prompt for guests on the appraisal page (docs/product.md "Appraisal page"). Only when the
 * server publishes a Google client id: Google's script is loaded then and only then; without one this hook
 * does nothing.
 */
import { useEffect } from 'react';
import { usePublicConfig } from '#portal/lib/config.ts';
import { GOOGLE_IDENTITY_SCRIPT, loadScript } from '#portal/lib/load-script.ts';
import { registrarUid } from '#portal/lib/registrar.ts';
import { signInWith, useSession } from '#portal/lib/session.ts';
import { oneTapLogin } from '../api/one-tap-login.ts';

interface GoogleId {
  accounts: {
    id: {
      initialize: (options: Record<string, unknown>) => void;
      prompt: () => void;
      cancel: () => void;
    };
  };
}

function loadGoogle(): Promise<GoogleId | null> {
  const google = () => (window as unknown as { google?: GoogleId }).google;
  const existing = google();
  if (existing?.accounts?.id) return Promise.resolve(existing);
  return loadScript(GOOGLE_IDENTITY_SCRIPT).then((loaded) => (loaded ? (google() ?? null) : null));
}

export function useOneTap(): void {
  const { googleClientId } = usePublicConfig();
  const signedIn = useSession((s) => s.token !== null);
  useEffect(() => {
    if (!googleClientId || signedIn) return;
    let cancelled = false;
    let google: GoogleId | null = null;
    void loadGoogle().then((g) => {
      if (cancelled || !g) return;
      google = g;
      g.accounts.id.initialize({
        client_id: googleClientId,
        auto_select: false,
        cancel_on_tap_outside: true,
        callback: async ({ credential }: { credential: string }) => {
          const registrarUID = registrarUid() ?? undefined;
          const answer = await oneTapLogin({ credential, registrarUID }).catch(() => null);
          if (answer?.data?.token) signInWith(answer.data.token, answer.data.user, answer.data);
        },
      });
      g.accounts.id.prompt();
    });
    return () => {
      cancelled = true;
      google?.accounts.id.cancel();
    };
  }, [googleClientId, signedIn]);
}
