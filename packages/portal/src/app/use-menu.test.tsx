import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetRegistrarDetail, storeRegistrarDetail } from '../features/registrar/hooks/registrar-detail.ts';
import { STORAGE_KEYS, writeString } from '../lib/storage.ts';
import { useMenu } from './use-menu.ts';

function MenuKeys() {
  const { main, more } = useMenu();
  return <p data-testid="keys">{[...main, ...more].map((l) => l.key).join(',')}</p>;
}

afterEach(() => localStorage.clear());

describe('menu and stored registrar details', () => {
  it('hides Appraise and FAQs as soon as a referred visitor’s registrar details arrive, and shows them when they go', () => {
    // a visitor who came through a registrar's link: the start-up stored the registrar id before rendering
    writeString(STORAGE_KEYS.registrarUID, 'demo-registrar');
    render(<MenuKeys />);
    expect(screen.getByTestId('keys').textContent).toContain('appraise');
    act(() => storeRegistrarDetail({ UID: 'demo-registrar', name: 'Demo', image: null, website: null }));
    expect(screen.getByTestId('keys').textContent).not.toMatch(/appraise|faq/);
    act(() => forgetRegistrarDetail());
    expect(screen.getByTestId('keys').textContent).toContain('appraise');
  });
});
