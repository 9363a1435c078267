import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { apiRequest } from '../lib/api.ts';
import { loadPublicConfig } from '../lib/config.ts';
import { useSession } from '../lib/session.ts';
import { STORAGE_KEYS, writeString } from '../lib/storage.ts';

/**
 * What happens before the first render (spec §4 start-up): a promo code, registrar id and domain in the
 * query string are stored, the public configuration is read, the visitor's country is checked, and a
 * signed-in user's profile is refreshed.
 */
export async function startUp(): Promise<'render' | 'redirected'> {
  const params = new URLSearchParams(location.search);
  const promo = params.get('promoCode');
  if (promo) writeString(STORAGE_KEYS.promoCode, promo);
  const registrarId = params.get('registrarId');
  if (registrarId) writeString(STORAGE_KEYS.registrarUID, registrarId);
  const domain = params.get('domainName');
  if (domain) writeString(STORAGE_KEYS.domainName, domain);

  const config = loadPublicConfig();
  // one special registrar id sends its visitors to the upgrades page instead of the app (spec §4)
  if (registrarId) {
    const { upgradeRegistrarId, upgradesUrl } = await config;
    if (upgradeRegistrarId && upgradesUrl && registrarId === upgradeRegistrarId) {
      location.replace(upgradesUrl);
      return 'redirected';
    }
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
