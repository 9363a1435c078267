/**
 * Static content routes, imported by the shell's route table. Every page is its own lazy chunk, so
 * `/` loads only the home page and the legal texts load only when opened.
 */
import type { ComponentType } from 'react';

export interface ContentRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  hideHeader?: boolean;
  hideFooter?: boolean;
  hideFrame?: boolean;
  /** The Lingui catalog of the page's strings when it is not `content` (the home page has its own). */
  catalog?: 'home';
}

const legalPage =
  (name: 'BuyerTermsPage' | 'BuyerPrivacyPage' | 'SellerTermsPage' | 'SellerPrivacyPage') => () =>
    import('./legal/pages.tsx').then((m) => ({ default: m[name] }));

/** Every page draws its own full-width sections and centred container, hence `hideFrame`. */
export const contentRoutes: ContentRoute[] = [
  { path: '/', load: () => import('./home/page.tsx'), hideFrame: true, catalog: 'home' },
  { path: '/about', load: () => import('./about/page.tsx'), hideFrame: true },
  { path: '/faq', load: () => import('./faq/page.tsx'), hideFrame: true },
  { path: '/terms', load: legalPage('BuyerTermsPage'), hideFrame: true },
  { path: '/privacy', load: legalPage('BuyerPrivacyPage'), hideFrame: true },
  { path: '/sell-terms', load: legalPage('SellerTermsPage'), hideFrame: true },
  { path: '/sell-privacy', load: legalPage('SellerPrivacyPage'), hideFrame: true },
];

/** Page shown after a 307 answer (location not supported). */
export const loadBlockedCountry = (): Promise<{ default: ComponentType }> =>
  import('./blocked-country/page.tsx');

/** Page that replaces everything after a 451 answer (robot detected); render it without header or footer. */
export const loadRobot = (): Promise<{ default: ComponentType }> => import('./robot/page.tsx');

/** Fallback for unknown paths. */
export const loadNotFound = (): Promise<{ default: ComponentType }> => import('./not-found/page.tsx');

/** Loaders for the legal texts alone (no page chrome), for the shell's Terms and Privacy overlays. */
export const legalTextLoaders = {
  buyerTerms: () => import('./legal/buyer-terms.tsx'),
  buyerPrivacy: () => import('./legal/buyer-privacy.tsx'),
  sellerTerms: () => import('./legal/seller-terms.tsx'),
  sellerPrivacy: () => import('./legal/seller-privacy.tsx'),
} as const;
