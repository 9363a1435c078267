import { defineConfig } from '@lingui/cli';

/**
 * Catalogs are split by where their strings are needed, so a page downloads only the messages it shows:
 * - `app`: the shell (header, footer, menu, page states, API error texts), loaded before the first render;
 * - `account`: the account screens, their windows and popups, loaded with them;
 * - `home`: the home page (`/`) alone, so the first load does not carry the other static pages' texts;
 * - `content`: the other static pages (about, FAQ, legal texts, not found, blocked), loaded with them;
 * - `registrar`: the registrar landing page and its low-budget window, loaded with them.
 * - `appraisal`: the appraisal page, loaded with it.
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
const ACCOUNT = [
  '<rootDir>/src/features/auth',
  '<rootDir>/src/features/profile',
  '<rootDir>/src/app/popups.tsx',
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
        '**/*.test.*',
        ...ACCOUNT.map((p) => `${p}/**`),
        ...ACCOUNT,
      ],
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
      path: '<rootDir>/src/locales/{locale}/appraisal',
      include: ['<rootDir>/src/features/appraisal', ...SHARED],
      exclude: ['**/*.test.*'],
    },
  ],
});
