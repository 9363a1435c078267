import type { PublicConfig } from '@domain-broker/shared/api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** Used until GET /api/config answers, and when it cannot (older server, offline). */
export const DEFAULT_CONFIG: PublicConfig = {
  googleClientId: null,
  captchaSiteKey: null,
  reviewWidgetUrl: null,
  supportPhone: '',
  supportEmail: '',
  marketplaceLoginUrl: '',
  marketingSiteUrl: null,
  supportedExtensions: ['com', 'net', 'org', 'xyz', 'co', 'io', 'ca'],
  environment: 'production',
  mailOutbox: false,
};

export async function getPublicConfig(): Promise<PublicConfig> {
  try {
    const answer = await apiRequest<Partial<PublicConfig>>('/config', { handleErrors: false });
    return { ...DEFAULT_CONFIG, ...answer.data };
  } catch {
    return DEFAULT_CONFIG;
  }
}

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Number.POSITIVE_INFINITY });
  return data ?? DEFAULT_CONFIG;
}
