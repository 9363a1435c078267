import { LANDING_PAGE_PATH } from '@domain-broker/shared/widget-contract';
import type { ComponentType } from 'react';
import { type ContentRoute, contentRoutes } from '../features/content/routes.ts';
import { type CatalogName, withCatalog } from '../lib/i18n.ts';
import { loadPhoneLibrary } from '../lib/phone.ts';
import { registerScreens } from '../lib/screens.ts';

type PageModule = { default: ComponentType };

export interface RouteDef {
  path: string;
  load: () => Promise<PageModule>;
  /** Needs a session; a visitor without one is sent to `/`. */
  private?: boolean;
  hideHeader?: boolean;
  hideFooter?: boolean;
  /** Renders the page edge to edge, without the centred main frame. */
  hideFrame?: boolean;
  /** Further paths the page draws itself, reading them from the address (the staff lead page). */
  sub?: RegExp;
  /** A further Lingui catalog the page's strings live in, loaded with the page. */
  catalog?: Exclude<CatalogName, 'app'>;
}

/**
 * The account and shell routes of this issue. Routes of later issues (/sell, /contact-us, ...) join the table when their screens are built; menu entries that lead
 * there stay hidden until then (see menu.ts).
 */
export const appRoutes: RouteDef[] = [
  { path: '/login', load: () => import('../features/auth/components/login-page.tsx'), catalog: 'account' },
  { path: '/signup', load: () => import('../features/auth/components/signup-page.tsx'), catalog: 'account' },
  {
    path: '/forgot-password',
    load: () => import('../features/auth/components/forgot-password-page.tsx'),
    hideHeader: true,
    hideFooter: true,
    hideFrame: true,
    catalog: 'account',
  },
  {
    path: '/forgot-password-registrar',
    load: () => import('../features/auth/components/forgot-password-page.tsx'),
    hideHeader: true,
    hideFooter: true,
    hideFrame: true,
    catalog: 'account',
  },
  {
    // where LinkedIn sends the browser back after Sign in with LinkedIn (LINKEDIN_CLIENT_ID set)
    path: '/auth/linkedin',
    load: () => import('../features/auth/components/linkedin-return-page.tsx'),
    catalog: 'account',
  },
  {
    path: '/verify-email',
    load: () => import('../features/auth/components/verify-email-page.tsx'),
    catalog: 'account',
  },
  {
    path: '/appraisal',
    load: () => import('../features/appraisal/route.ts').then((m) => m.loadAppraisalPage()),
    catalog: 'appraisal',
  },
  // the appraisal tool's variants of the help and about pages (docs/product.md "Public pages"): the content
  // feature's pages
  {
    path: '/Faq-appraisal',
    load: () => import('../features/content/faq/page.tsx'),
    hideFrame: true,
    catalog: 'content',
  },
  {
    path: '/about-us-appraisal',
    load: () => import('../features/content/about/page.tsx'),
    hideFrame: true,
    catalog: 'content',
  },
  {
    path: '/profile',
    // the phone rules load with the screen that has a phone field (src/lib/phone.ts)
    load: () =>
      Promise.all([import('../features/profile/components/profile-page.tsx'), loadPhoneLibrary()]).then(
        ([m]) => m,
      ),
    private: true,
    catalog: 'account',
  },
  {
    // the hire-a-broker checkout; what it does not draw at once (phone rules, form rules, Stripe.js in
    // Stripe mode) loads after it (features/checkout/components/checkout-page.tsx)
    path: '/hire-consultant',
    load: () => import('../features/checkout/components/checkout-page.tsx'),
    private: true,
    catalog: 'checkout',
  },
  {
    // the page after payment: confirmation, broker, refund in error, the questions, the e-book
    path: '/agent-details-questions',
    load: () => import('../features/after-purchase/route.ts').then((m) => m.loadAgentPage()),
    private: true,
    catalog: 'after-purchase',
  },
  {
    // the questions alone (decision A28), linked from mail and the dashboard
    path: '/survey',
    load: () => import('../features/after-purchase/route.ts').then((m) => m.loadSurveyPage()),
    private: true,
    catalog: 'after-purchase',
  },
  {
    // the role-dependent dashboard (docs/product.md "Dashboard"; decisions A11, A23, B8): the buyer's
    // domains, where to go, or the staff workspace and its lead pages; ./dashboard-route.tsx picks one and
    // loads it with its catalog
    path: '/dashboard',
    sub: /^\/dashboard\/(leads\/[^/]+|webhooks)$/,
    load: () => import('./dashboard-route.tsx'),
    private: true,
  },
  {
    // the registrar's widget integration: id, embed code, preview, self-service allowed origins
    path: '/dashboard/integration',
    load: () => import('../features/integration/components/integration-page.tsx'),
    private: true,
    catalog: 'integration',
  },
  {
    // the page a one-time set-password link opens (docs/operations.md, "The first administrator")
    path: '/set-password',
    load: () => import('../features/auth/components/set-password-page.tsx'),
    catalog: 'account',
  },
  {
    path: '/change-password',
    load: () => import('../features/auth/components/change-password-page.tsx'),
    private: true,
    catalog: 'account',
  },
  {
    // Contact Us (docs/product.md "Contact Us"): the menu, every inquiry button and the written-appraisal
    // offer lead here
    path: '/contact-us',
    // the phone rules load after the first paint (the phone field and the form's check ask for them)
    load: () => import('../features/contact/components/contact-page.tsx'),
    catalog: 'contact',
  },
  {
    // the sell landing page (docs/product.md "Selling"): services, brokers, notable sales, process, Start
    // Selling
    path: '/sell',
    // with the public pages' content catalog (brokers, testimonials: src/components/public-content)
    load: () => withCatalog(import('../features/sell/components/sell-page.tsx'), 'public-content'),
    catalog: 'sell',
  },
  {
    // the sell submission (docs/product.md "Selling"; decision A8): the form, the thank-you, the comment,
    // success
    path: '/sell-domain',
    load: () =>
      Promise.all([import('../features/sell/components/sell-domain-page.tsx'), loadPhoneLibrary()]).then(
        ([m]) => m,
      ),
    catalog: 'sell',
  },
  {
    // the unsubscribe link of a mail, with no layout (docs/product.md "Unsubscribe")
    path: '/unsubscribe',
    load: () => import('../features/unsubscribe/components/unsubscribe-page.tsx'),
    hideHeader: true,
    hideFooter: true,
    hideFrame: true,
    catalog: 'unsubscribe',
  },
  {
    // the registrar's landing page; also the home of registrar-role users and of visitors with
    // stored registrar details (app-routes.tsx, menu.ts homePath)
    path: LANDING_PAGE_PATH,
    load: () =>
      Promise.all([import('../features/registrar/components/landing-page.tsx'), loadPhoneLibrary()]).then(
        ([m]) => m,
      ),
    hideFrame: true,
    catalog: 'registrar',
  },
];

/** The static pages are the content feature's (`src/features/content/routes.ts`). */
export function mergeRoutes(own: RouteDef[], content: ContentRoute[]): RouteDef[] {
  const taken = new Set(own.map((r) => r.path.toLowerCase()));
  const extra = content
    .filter((r) => !taken.has(r.path.toLowerCase()))
    .map((r): RouteDef => ({ ...r, catalog: r.catalog ?? 'content' }));
  return [...own, ...extra];
}

export const routes: RouteDef[] = mergeRoutes(appRoutes, contentRoutes);

const byPath = new Map(routes.map((r) => [r.path.toLowerCase(), r]));
registerScreens(
  routes.map((r) => r.path),
  (path) => {
    const route = findRoute(path);
    if (!route) return Promise.resolve();
    return route.catalog ? withCatalog(route.load(), route.catalog) : route.load();
  },
);

/** The route of a path (case-insensitive, a trailing slash ignored), or undefined for the fallback page. */
export function findRoute(pathname: string): RouteDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const lower = path.toLowerCase();
  return byPath.get(lower) ?? routes.find((r) => r.sub?.test(lower));
}

export const hasScreen = (path: string): boolean => findRoute(path) !== undefined;
