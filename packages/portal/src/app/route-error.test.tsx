import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RouteErrorBoundary } from './page-state.tsx';

function Broken({ error }: { error: Error }): never {
  throw error;
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/page-abc.js');

function renderBoundary(error: Error, resetKey = '/a') {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  return render(
    <I18nProvider i18n={i18n}>
      <RouteErrorBoundary resetKey={resetKey}>
        <Broken error={error} />
      </RouteErrorBoundary>
    </I18nProvider>,
  );
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('a page that fails to load', () => {
  it('recognises a lost chunk', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('reloads once for a lost chunk, then shows a message with a Reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderBoundary(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
    // the reloaded page fails again within the minute: no loop, a message instead
    renderBoundary(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('heading', { name: 'This page could not be loaded' }).length).toBeGreaterThan(
      0,
    );
    expect(screen.getAllByRole('button', { name: 'Reload' }).length).toBeGreaterThan(0);
    vi.unstubAllGlobals();
  });

  it('shows the message, without reloading, for any other failure', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderBoundary(new Error('render failed'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('This page could not be loaded');
    vi.unstubAllGlobals();
  });
});
