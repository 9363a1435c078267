import { defineConfig } from '@lingui/cli';

/**
 * Two catalogs so the long static pages (home, about, FAQ, legal texts) do not weigh on the screens that
 * do not need them: `app` holds the shell, overlays and account screens; `content` the static pages,
 * loaded with those pages.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src'],
      exclude: ['<rootDir>/src/features/content/**', '**/*.test.*'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/content',
      include: ['<rootDir>/src/features/content'],
      exclude: ['**/*.test.*'],
    },
  ],
});
