import type { PublicConfig } from '@domain-broker/shared/api';
import { create } from 'zustand';
import { apiRequest } from './api.ts';
import { openOverlay } from './overlays.ts';

/** Used until GET /api/config answers, and when it cannot (older server, offline). */
export const DEFAULT_CONFIG: PublicConfig = {
  googleClientId: null,
  linkedinSignIn: false,
  captchaSiteKey: null,
  reviewWidgetUrl: null,
  supportPhone: '',
  supportEmail: '',
  sellNameservers: [],
  sellOnboardingEmail: '',
  marketplaceLoginUrl: '',
  marketingSiteUrl: null,
  supportedExtensions: ['com', 'net', 'org', 'xyz', 'co', 'io', 'ca'],
  environment: 'production',
  mailOutbox: false,
  upgradeRegistrarId: null,
  upgradesUrl: null,
  maintenance: false,
  payments: { provider: 'sandbox', publishableKey: null, testMode: true },
};

/**
 * The public configuration is read once at start. It lives in a small store rather than in TanStack
 * Query so the first load of `/` does not carry the query library (docs/decisions: portal first load).
 */
export const useConfigStore = create<{ config: PublicConfig; loaded: boolean }>(() => ({
  config: DEFAULT_CONFIG,
  loaded: false,
}));

export async function loadPublicConfig(): Promise<PublicConfig> {
  let config = DEFAULT_CONFIG;
  try {
    const answer = await apiRequest<Partial<PublicConfig>>('/config', {
      handle: 'none',
    });
    config = { ...DEFAULT_CONFIG, ...answer.data };
    // the maintenance popup shows when the server says so (MAINTENANCE_NOTICE=true on the server)
    if (answer.data?.maintenance === true) openOverlay('maintenance');
  } catch {
    // 404 until the server serves it: the defaults stand
  }
  useConfigStore.setState({ config, loaded: true });
  return config;
}

export function usePublicConfig(): PublicConfig {
  return useConfigStore((s) => s.config);
}
