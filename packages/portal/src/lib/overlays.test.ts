import { describe, expect, it } from 'vitest';
import { type OpenOverlays, openOverlay, useOverlays, withClosed, withOpened } from './overlays.ts';

describe('overlay exclusivity', () => {
  it('keeps the sign-in and sign-up windows mutually exclusive', () => {
    let open: OpenOverlays = withOpened({}, 'login', { background: '/' });
    open = withOpened(open, 'signup', {});
    expect(Object.keys(open)).toEqual(['signup']);
    open = withOpened(open, 'domainLogin', {});
    expect(Object.keys(open)).toEqual(['domainLogin']);
    open = withOpened(open, 'login', { background: '/' });
    expect(Object.keys(open)).toEqual(['login']);
  });

  it('closes login, sign-up, upgrade and domain-login windows when verification opens', () => {
    let open: OpenOverlays = {
      login: { background: '/' },
      upgrade: {},
      alert: { kind: 'welcome' },
      buyerTerms: {},
    };
    open = withOpened(open, 'verification', { email: 'a@b.co' });
    expect(Object.keys(open).sort()).toEqual(['alert', 'buyerTerms', 'verification']);
    open = withOpened({ signup: {}, domainLogin: {} }, 'verification', {});
    expect(Object.keys(open)).toEqual(['verification']);
  });

  it('leaves unrelated overlays alone', () => {
    const open = withOpened({ pageLoader: {}, maintenance: {} }, 'upgrade', {});
    expect(Object.keys(open).sort()).toEqual(['maintenance', 'pageLoader', 'upgrade']);
  });

  it('closes one overlay at a time and returns the same state when it was not open', () => {
    const open: OpenOverlays = { alert: { kind: 'promo' }, upgrade: {} };
    expect(withClosed(open, 'alert')).toEqual({ upgrade: {} });
    expect(withClosed(open, 'signup')).toBe(open);
  });

  it('applies the rules through the store', () => {
    openOverlay('signup', { variant: 'full' });
    openOverlay('login', { background: '/faq' });
    expect(useOverlays.getState().open).toEqual({ login: { background: '/faq' } });
    openOverlay('verification', { email: 'x@y.io' });
    expect(useOverlays.getState().open).toEqual({ verification: { email: 'x@y.io' } });
  });
});
