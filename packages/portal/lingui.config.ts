import { defineConfig } from '@lingui/cli';

/**
 * Catalogs are split by where their strings are needed, so a page downloads only the messages it shows:
 * - `app`: the shell (header, footer, menu, page states, API error texts), loaded before the first render;
 * - `account`: the account screens, their windows and popups, loaded with them;
 * - `home`: the home page (`/`) alone, so the first load does not carry the other static pages' texts;
 * - `content`: the other static pages (about, FAQ, legal texts, not found, blocked), loaded with them;
 * - `registrar`: the registrar landing page, loaded with it.
 * - `appraisal`: the appraisal page, loaded with it.
 * - `buy`: the buy flow's windows (the domain + budget form, 'Insufficient Budget'), loaded with them.
 * - `checkout`: /hire-consultant, loaded with it; `checkout-deferred`: its parts that load after the form
 *   (the full-cost preview, the card and promo fields, the 3-D Secure window, the server's answers);
 *   `after-purchase`: /agent-details-questions.
 * - `dashboard`: /dashboard, loaded with it.
 * - `workspace`: the staff workspace at /dashboard (Admin, Consultant) and the portal's one table
 *   (src/components/data-table), loaded with it.
 * - `contact`, `sell`, `unsubscribe`: /contact-us; /sell and /sell-domain; /unsubscribe.
 * - `partner`: the registrar's affiliate dashboard at /dashboard (and the table it draws), loaded with it.
 * - `webhooks`: the registrar's signed webhooks at /dashboard/webhooks (and the table it draws), loaded with it.
 * - `integration`: the registrar's /dashboard/integration, loaded with it.
 * - `public-content`: the public pages' editable sections (src/components/public-content: brokers,
 *   testimonials, why-choose-us, press), loaded with /sell and when the home page scrolls near them.
 */
/**
 * Shared modules outside the shell that several features draw (dialogs, form fields, the shared
 * schemas' and the server's messages). A message is looked up in the catalogs the page loaded, so these
 * modules' messages go into every catalog whose screens use them; otherwise a screen shows the bare
 * message id (issue 17: '/L3DiJ' after the registrar enquiry). `test/catalog-coverage.test.ts` fails
 * when a feature imports a module whose messages its catalog lacks.
 */
const SHARED = [
  '<rootDir>/src/components/dialog.tsx',
  '<rootDir>/src/components/form.tsx',
  '<rootDir>/src/components/phone-field.tsx',
  '<rootDir>/src/lib/form-messages.ts',
  '<rootDir>/src/lib/server-messages.ts',
];
/** The checkout's parts that download after the form is drawn, and their strings with them. */
const CHECKOUT_DEFERRED = [
  '<rootDir>/src/features/checkout/preview',
  '<rootDir>/src/features/checkout/components/promo-field.tsx',
  '<rootDir>/src/features/checkout/components/sandbox-card-fields.tsx',
  '<rootDir>/src/features/checkout/components/stripe-card.tsx',
  '<rootDir>/src/features/checkout/components/three-ds-dialog.tsx',
  '<rootDir>/src/features/checkout/utils/server-texts.ts',
];
const ACCOUNT = [
  '<rootDir>/src/features/auth',
  '<rootDir>/src/features/profile',
  '<rootDir>/src/app/popups.tsx',
  '<rootDir>/src/app/upgrade-window.tsx',
  '<rootDir>/src/app/overlay-host.tsx',
  ...SHARED,
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      exclude: [
        '<rootDir>/src/features/content/**',
        '<rootDir>/src/features/registrar/**',
        '<rootDir>/src/features/appraisal/**',
        '<rootDir>/src/features/buy/**',
        '<rootDir>/src/features/checkout/**',
        '<rootDir>/src/features/after-purchase/**',
        '<rootDir>/src/features/dashboard/**',
        '<rootDir>/src/features/workspace/**',
        '<rootDir>/src/features/partner/**',
        '<rootDir>/src/features/webhooks/**',
        '<rootDir>/src/components/data-table/**',
        '<rootDir>/src/components/refund-button.tsx',
        '<rootDir>/src/components/ebook-card.tsx',
        '<rootDir>/src/lib/timeline-labels.ts',
        '<rootDir>/src/features/contact/**',
        '<rootDir>/src/features/sell/**',
        '<rootDir>/src/features/unsubscribe/**',
        '<rootDir>/src/features/integration/**',
        '<rootDir>/src/components/public-content/**',
        '**/*.test.*',
        ...ACCOUNT.map((p) => `${p}/**`),
        ...ACCOUNT,
      ],
    },
    {
      path: '<rootDir>/src/locales/{locale}/public-content',
      include: ['<rootDir>/src/components/public-content'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/account',
      include: ACCOUNT,
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/home',
      include: ['<rootDir>/src/features/content/home', '<rootDir>/src/features/content/shared'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/content',
      include: ['<rootDir>/src/features/content'],
      exclude: ['**/*.test.*', '<rootDir>/src/features/content/home/**'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/registrar',
      include: ['<rootDir>/src/features/registrar', ...SHARED],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/buy',
      include: ['<rootDir>/src/features/buy', ...SHARED],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/appraisal',
      include: ['<rootDir>/src/features/appraisal', ...SHARED],
      exclude: ['**/*.test.*'],
    },
    {
      // the shared form modules' field messages the checkout can show are in its own message map
      // (features/checkout/components/messages.ts), so the whole form-message list stays out of it
      path: '<rootDir>/src/locales/{locale}/checkout',
      include: [
        '<rootDir>/src/features/checkout',
        '<rootDir>/src/components/dialog.tsx',
        '<rootDir>/src/components/form.tsx',
        '<rootDir>/src/components/phone-field.tsx',
      ],
      exclude: ['**/*.test.*', ...CHECKOUT_DEFERRED, '<rootDir>/src/features/checkout/preview/**'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/checkout-deferred',
      include: CHECKOUT_DEFERRED,
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/after-purchase',
      include: [
        '<rootDir>/src/features/after-purchase',
        '<rootDir>/src/components/refund-button.tsx',
        '<rootDir>/src/components/ebook-card.tsx',
        ...SHARED,
      ],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/contact',
      include: ['<rootDir>/src/features/contact', ...SHARED],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/sell',
      include: ['<rootDir>/src/features/sell', ...SHARED],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/unsubscribe',
      include: ['<rootDir>/src/features/unsubscribe', ...SHARED],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/dashboard',
      // the refund in error and its confirmation window are shared with the page after payment
      include: [
        '<rootDir>/src/features/dashboard',
        '<rootDir>/src/lib/timeline-labels.ts',
        '<rootDir>/src/components/refund-button.tsx',
        '<rootDir>/src/components/ebook-card.tsx',
        '<rootDir>/src/components/dialog.tsx',
      ],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/integration',
      include: ['<rootDir>/src/features/integration', ...SHARED],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/workspace',
      include: [
        '<rootDir>/src/features/workspace',
        '<rootDir>/src/components/data-table',
        '<rootDir>/src/lib/timeline-labels.ts',
        ...SHARED,
      ],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/partner',
      include: ['<rootDir>/src/features/partner', '<rootDir>/src/components/data-table', ...SHARED],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/webhooks',
      include: [
        '<rootDir>/src/features/webhooks',
        '<rootDir>/src/components/data-table',
        '<rootDir>/src/components/confirm-dialog.tsx',
        ...SHARED,
      ],
      exclude: ['**/*.test.*'],
    },
  ],
});
