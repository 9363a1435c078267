import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetRegistrarDetail, storeRegistrarDetail } from '../lib/registrar.ts';
import { useSession } from '../lib/session.ts';
import { STORAGE_KEYS, writeString } from '../lib/storage.ts';
import { useMenu } from './use-menu.ts';

function MenuKeys() {
  const { main, more } = useMenu();
  return <p data-testid="keys">{[...main, ...more].map((l) => l.key).join(',')}</p>;
}

afterEach(() => {
  useSession.getState().clear();
  localStorage.clear();
});

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

describe('the Dashboard entry of the menu', () => {
  function signIn(roles: string[]) {
    useSession.getState().signIn('tok', {
      UID: 'u1',
      email: 'ann@example.com',
      roles: roles.map((roleType) => ({ role: { roleType } })),
    } as never);
  }
  function Links() {
    const { main } = useMenu();
    return <p data-testid="links">{main.map((l) => `${l.key}=${l.href}`).join(',')}</p>;
  }

  it('goes to /dashboard for a signed-in buyer, staff and registrars included (decision A10)', () => {
    for (const roles of [[], ['Buyer'], ['Admin'], ['Consultant'], ['Seller', 'Buyer'], ['Registrar']]) {
      signIn(roles);
      const { unmount } = render(<Links />);
      expect(screen.getByTestId('links').textContent).toContain('dashboard=/dashboard');
      unmount();
    }
  });

  it('is hidden from visitors and seller-only users', () => {
    const visitor = render(<Links />);
    expect(screen.getByTestId('links').textContent).not.toContain('dashboard');
    visitor.unmount();
    for (const roles of [['Seller']]) {
      signIn(roles);
      const { unmount } = render(<Links />);
      expect(screen.getByTestId('links').textContent).not.toContain('dashboard');
      unmount();
    }
  });
});
