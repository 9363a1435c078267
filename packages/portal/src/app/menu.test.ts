import { describe, expect, it } from 'vitest';
import { homePath, logoTarget, type MenuContext, type MenuKey, menuEntries } from './menu.ts';

const everything = () => true;
const base: MenuContext = {
  signedIn: false,
  roles: [],
  registrarDetailsPresent: false,
  directUser: true,
  available: everything,
};

describe('menu rules', () => {
  it('shows Buy, Sell, Appraise and Login to a visitor, About and FAQs under More', () => {
    expect(menuEntries(base)).toEqual({
      main: ['buy', 'sell', 'appraise', 'login'],
      more: ['about', 'faq', 'contact'],
    });
  });

  it('shows Dashboard instead of Login to a signed-in buyer', () => {
    const menu = menuEntries({ ...base, signedIn: true, roles: ['Buyer'] });
    expect(menu.main).toEqual(['buy', 'sell', 'appraise', 'dashboard']);
  });

  it('shows Dashboard to registrar users (decision A10: their affiliate dashboard)', () => {
    const menu = menuEntries({ ...base, signedIn: true, roles: ['Registrar'] });
    expect(menu.main).toContain('dashboard');
    expect(menu.main).not.toContain('login');
  });

  it('hides Dashboard from users whose only role is Seller, not from sellers who also buy', () => {
    expect(menuEntries({ ...base, signedIn: true, roles: ['Seller'] }).main).not.toContain('dashboard');
    expect(menuEntries({ ...base, signedIn: true, roles: ['Seller', 'Buyer'] }).main).toContain('dashboard');
  });

  it('hides Sell, Appraise and FAQs when registrar details are present and the user is not direct', () => {
    const menu = menuEntries({ ...base, registrarDetailsPresent: true, directUser: false });
    expect(menu).toEqual({ main: ['buy', 'login'], more: ['about', 'contact'] });
  });

  it('keeps Sell, Appraise and FAQs for a direct user even with registrar details stored', () => {
    const menu = menuEntries({ ...base, registrarDetailsPresent: true, directUser: true });
    expect(menu.main).toEqual(['buy', 'sell', 'appraise', 'login']);
    expect(menu.more).toEqual(['about', 'faq', 'contact']);
  });

  it('hides entries whose screen does not exist yet', () => {
    const built = new Set<MenuKey>(['login', 'about', 'faq']);
    const menu = menuEntries({ ...base, available: (key) => built.has(key) });
    expect(menu).toEqual({ main: ['login'], more: ['about', 'faq'] });
  });

  it('sends the logo home, or to /dashboard for a signed-in registrar-role user (never /login)', () => {
    expect(logoTarget([], false)).toBe('/');
    expect(logoTarget(['Buyer'], true)).toBe('/');
    expect(logoTarget(['Registrar'], true)).toBe('/dashboard');
    expect(logoTarget(['Registrar'], false)).toBe('/');
  });

  it('makes /dashboard the home of a signed-in registrar, the landing page that of a referred visitor', () => {
    expect(homePath({ signedIn: true, roles: ['Registrar'], registrarDetailsPresent: false })).toBe(
      '/dashboard',
    );
    expect(homePath({ signedIn: true, roles: ['Registrar'], registrarDetailsPresent: true })).toBe(
      '/dashboard',
    );
    expect(homePath({ signedIn: true, roles: ['Buyer'], registrarDetailsPresent: false })).toBe('/');
  });
});
