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
 * message id (the registrar enquiry once showed '/L3DiJ'). `test/catalog-coverage.test.ts` fails
 * when a feature imports a module whose messages its catalog lacks.
 */
const DIALOG = '<rootDir>/src/components/dialog.tsx';
/** The one table per direction of the server's and the schemas' texts, by code (the form kit shows them). */
const MESSAGES = '<rootDir>/src/lib/messages.ts';
const FORM_KIT = [
  DIALOG,
  '<rootDir>/src/components/form.tsx',
  '<rootDir>/src/components/phone-field.tsx',
  MESSAGES,
];
const SHARED = FORM_KIT;
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

/** A catalog of its own: the messages of `include` (folders and files), downloaded with their screens. */
const catalog = (name: string, include: string[], exclude: string[] = []) => ({
  path: `<rootDir>/src/locales/{locale}/${name}`,
  include,
  exclude: ['**/*.test.*', ...exclude],
});

const features = (...names: string[]) => names.map((n) => `<rootDir>/src/features/${n}`);
const DATA_TABLE = '<rootDir>/src/components/data-table';
const TIMELINE = '<rootDir>/src/lib/timeline-labels.ts';
/** The survey's time slots and how a stored preferred time reads (the survey and the broker's lead page). */
const PREFERRED_TIME = '<rootDir>/src/lib/preferred-time.ts';
const AFTER_PAYMENT = [
  '<rootDir>/src/components/refund-button.tsx',
  '<rootDir>/src/components/ebook-card.tsx',
];

const OWN = [
  catalog('public-content', ['<rootDir>/src/components/public-content']),
  catalog('account', ACCOUNT),
  catalog('home', features('content/home', 'content/shared')),
  catalog('content', features('content'), ['<rootDir>/src/features/content/home/**']),
  catalog('registrar', [...features('registrar'), ...SHARED]),
  catalog('buy', [...features('buy'), ...SHARED]),
  catalog('appraisal', [...features('appraisal'), ...SHARED]),
  catalog(
    'checkout',
    [...features('checkout'), ...FORM_KIT],
    [...CHECKOUT_DEFERRED, '<rootDir>/src/features/checkout/preview/**'],
  ),
  catalog('checkout-deferred', CHECKOUT_DEFERRED),
  catalog('after-purchase', [...features('after-purchase'), PREFERRED_TIME, ...AFTER_PAYMENT, ...SHARED]),
  catalog('contact', [...features('contact'), ...SHARED]),
  catalog('sell', [...features('sell'), ...SHARED]),
  catalog('unsubscribe', [...features('unsubscribe'), ...SHARED]),
  // the refund in error and its confirmation window are shared with the page after payment
  catalog('dashboard', [
    ...features('dashboard'),
    TIMELINE,
    ...AFTER_PAYMENT,
    DIALOG,
    '<rootDir>/src/components/form.tsx',
    MESSAGES,
  ]),
  catalog('integration', [...features('integration'), ...SHARED]),
  catalog('workspace', [...features('workspace'), DATA_TABLE, TIMELINE, PREFERRED_TIME, ...SHARED]),
  catalog('partner', [...features('partner'), DATA_TABLE, ...SHARED]),
  catalog('webhooks', [
    ...features('webhooks'),
    DATA_TABLE,
    '<rootDir>/src/components/confirm-dialog.tsx',
    ...SHARED,
  ]),
];

/** Modules another catalog takes that the shell's catalog keeps as well (the shell draws them too). */
const ALSO_IN_APP = ['<rootDir>/src/components/confirm-dialog.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    // `app`: everything no other catalog takes
    catalog(
      'app',
      ['<rootDir>/src'],
      [...new Set(OWN.flatMap((c) => c.include))]
        .filter((p) => !ALSO_IN_APP.includes(p))
        .flatMap((p) => [p, `${p}/**`]),
    ),
    ...OWN,
  ],
});
