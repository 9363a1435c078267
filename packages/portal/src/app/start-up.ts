import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { isRegistrarId } from '@domain-broker/shared/widget-contract';
import { apiRequest } from '../lib/api.ts';
import { loadPublicConfig } from '../lib/config.ts';
import { registrarUid, rememberRegistrar } from '../lib/registrar.ts';
import { useSession } from '../lib/session.ts';
import { readJson, remove, STORAGE_KEYS, writeString } from '../lib/storage.ts';

function looksLikeProfile(value: unknown): value is UserProfile {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { email?: unknown }).email === 'string'
  );
}

/** The stored profile is restored; one that fails decoding is removed (docs/product.md "Start-up"). */
function restoreProfile(): void {
  const stored = readJson<unknown>(STORAGE_KEYS.myProfile); // a value that is not JSON is removed here
  const profile = looksLikeProfile(stored) ? stored : null;
  if (stored !== null && profile === null) remove(STORAGE_KEYS.myProfile);
  useSession.setState({ profile });
}

/**
 * What happens before the first render (docs/product.md "Start-up"): with a query string, the registrar id
 * (or the stored registrar UID) and the domain are read, a promo code is saved, the registrar and domain are
 * stored and a click is recorded; the special registrar id sends the browser to the upgrades page instead.
 * The stored profile and registrar details are restored, the public configuration is read, the visitor's
 * country is checked, and a signed-in user's profile is refreshed.
 */
export async function startUp(): Promise<'render' | 'redirected'> {
  restoreProfile();
  const params = new URLSearchParams(location.search);
  const withQuery = location.search.length > 1;
  const promo = params.get('promoCode');
  if (promo) writeString(STORAGE_KEYS.promoCode, promo);
  // an id outside the widget contract's pattern cannot be a registrar's: it is neither stored nor counted
  const fromQuery = params.get('registrarId');
  const registrarId = withQuery ? (isRegistrarId(fromQuery) ? fromQuery : null) || registrarUid() : null;
  const domain = params.get('domainName');
  if (domain) writeString(STORAGE_KEYS.domainName, domain);

  const config = loadPublicConfig();
  // one special registrar id sends its visitors to the upgrades page instead of the app
  // (docs/product.md "Start-up"); it is not stored, so a later visit is not sent there again
  if (registrarId) {
    const { upgradeRegistrarId, upgradesUrl } = await config;
    if (upgradeRegistrarId && upgradesUrl && registrarId === upgradeRegistrarId) {
      location.replace(upgradesUrl);
      return 'redirected';
    }
    rememberRegistrar(registrarId);
  }

  // the click and the registrar's details live in the registrar feature's own chunk, so the first
  // load of `/` does not carry them. Not awaited: that chunk imports the shell, whose evaluation
  // finishes only after this function returns (main.tsx awaits it at the top level); `/` follows the
  // stored details when they arrive (app-routes.tsx)
  const knownRegistrar = registrarId ?? registrarUid();
  if (knownRegistrar) {
    void import('../features/registrar/start-up.ts')
      .then((m) =>
        m.registrarStartUp({
          registrarId: knownRegistrar,
          domainName: domain,
          fromQuery: withQuery,
          offerAmount: params.get('offerAmount'),
        }),
      )
      .catch(() => undefined);
  }

  // a 307 answer shows the blocked-country page (through the generic handler)
  void apiRequest('/checkBlockedCountry').catch(() => undefined);

  if (useSession.getState().token) {
    void apiRequest<UserProfile>('/myProfile')
      .then((answer) => {
        if (answer.data) useSession.getState().setProfile(answer.data);
        writeString(STORAGE_KEYS.lastProfileFetch, String(Date.now()));
      })
      .catch(() => undefined);
  }
  return 'render';
}
