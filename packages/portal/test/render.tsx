import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '../src/lib/i18n.ts';

/** Renders inside the providers the app uses, at a path of a memory router. */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router hook={location.hook}>{ui}</Router>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, location };
}
