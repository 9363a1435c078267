import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { openOverlay, useOverlays } from '../lib/overlays.ts';
import { ScrollTopButton } from './page-state.tsx';

function scrollTo(y: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

function renderInRoot() {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  render(
    <I18nProvider i18n={i18n}>
      <ScrollTopButton />
    </I18nProvider>,
    { container: root },
  );
  return root;
}

afterEach(() => {
  document.getElementById('root')?.remove();
  act(() => useOverlays.setState({ open: {}, takeover: null }));
});

describe('the back-to-top button', () => {
  it('appears after a tenth of the page and hides while an overlay of the store is open', () => {
    renderInRoot();
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    act(() => scrollTo(2000));
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeTruthy();
    act(() => openOverlay('buyerTerms'));
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    act(() => useOverlays.setState({ open: {} }));
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeTruthy();
  });
});
