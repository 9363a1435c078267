import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Frame components are Preact: compile their JSX with Preact's automatic runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    environment: 'happy-dom',
    environmentOptions: {
      // Never let the DOM fetch the portal URLs the loader puts in iframes.
      happyDOM: {
        url: 'https://registrar.test/search',
        settings: { disableIframePageLoading: true, navigation: { disableChildPageNavigation: true } },
      },
    },
    setupFiles: ['test/setup.ts'],
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx', 'frame/**/*.test.ts', 'frame/**/*.test.tsx'],
  },
});
