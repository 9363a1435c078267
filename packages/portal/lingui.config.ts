import { defineConfig } from '@lingui/cli';

/**
 * Catalogs are split by where their strings are needed, so a page downloads only the messages it shows:
 * - `app`: the shell (header, footer, menu, page states, API error texts), loaded before the first render;
 * - `account`: the account screens, their windows and popups, loaded with them;
 * - `content`: the static pages (home, about, FAQ, legal texts), loaded with them;
 * - `registrar`: the registrar landing page and its low-budget window, loaded with them.
 * - `appraisal`: the appraisal page, loaded with it.
 */
const ACCOUNT = [
  '<rootDir>/src/features/auth',
  '<rootDir>/src/features/profile',
  '<rootDir>/src/app/popups.tsx',
  '<rootDir>/src/app/overlay-host.tsx',
  '<rootDir>/src/components/dialog.tsx',
  '<rootDir>/src/components/form.tsx',
  '<rootDir>/src/components/phone-field.tsx',
  '<rootDir>/src/lib/form-messages.ts',
  '<rootDir>/src/lib/server-messages.ts',
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
      path: '<rootDir>/src/locales/{locale}/content',
      include: ['<rootDir>/src/features/content'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/registrar',
      include: ['<rootDir>/src/features/registrar'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/appraisal',
      include: ['<rootDir>/src/features/appraisal'],
      exclude: ['**/*.test.*'],
    },
  ],
});
