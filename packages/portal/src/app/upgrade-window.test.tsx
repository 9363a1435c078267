import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeLead } from '#portal/test/leads.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { ensureCatalog } from '../lib/i18n.ts';
import { resetMyLeads, useLeadsStore } from '../lib/leads.ts';
import { openOverlay, useOverlays } from '../lib/overlays.ts';
import { hasPaidLead, offerUpgrade } from '../lib/paid-features.ts';
import { registerScreens } from '../lib/screens.ts';
import { useSession } from '../lib/session.ts';
import UpgradeWindow from './upgrade-window.tsx';

const fetchMock = vi.fn<typeof fetch>();
let leadsAnswer: unknown[] = [];

function signIn(roles: string[] = [], userInterested: string | null = null) {
  useSession.getState().signIn('tok', {
    UID: 'u1',
    email: 'ann@example.com',
    roles: roles.map((roleType) => ({ role: { roleType } })),
    userInterested,
  } as never);
}

beforeEach(async () => {
  resetMyLeads();
  leadsAnswer = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/getMyLeads')) return jsonResponse(200, { data: leadsAnswer });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  useOverlays.getState().closeAll();
  registerScreens(['/hire-consultant', '/dashboard']);
  history.replaceState(null, '', '/appraisal');
  await ensureCatalog('account');
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

function openWindow() {
  openOverlay('upgrade');
  return renderWithApp(<UpgradeWindow />, { path: '/appraisal' });
}

describe("the upgrade popup (docs/product.md 'Upgrade popup')", () => {
  it('names the feature, its three benefits and the one-time fee', () => {
    signIn();
    openWindow();
    const dialog = screen.getByRole('dialog', { name: 'Upgrade Your Account To Access This Feature' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '20 daily appraisal searches with extra data',
      'A dedicated consultant for up to 5 acquisitions',
      'An e-book: How to buy a domain someone else owns',
    ]);
    expect(dialog.textContent).toContain('One-time fee: 19.95 USD');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Hire a Broker' }));
  });

  it('Hire a Broker opens the domain + budget form for a buyer without a lead', async () => {
    signIn();
    openWindow();
    await userEvent.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(useOverlays.getState().open.buyForm).toEqual({}));
    expect(useOverlays.getState().open.upgrade).toBeUndefined();
  });

  it("Hire a Broker goes to the checkout of the buyer's unpaid lead (A29)", async () => {
    signIn();
    leadsAnswer = [makeLead()];
    openWindow();
    await userEvent.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(location.pathname).toBe('/hire-consultant'));
    expect(useOverlays.getState().open.buyForm).toBeUndefined();
    expect(useOverlays.getState().open.upgrade).toBeUndefined();
  });

  it('a guest is asked to sign in first, the form waiting behind it', async () => {
    openWindow();
    await userEvent.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(useOverlays.getState().open.login).toBeDefined());
    expect(sessionStorage.getItem('pendingBuyAction')).toContain('"kind":"buy"');
  });

  it('Not Now closes it', async () => {
    signIn();
    openWindow();
    await userEvent.click(screen.getByRole('button', { name: 'Not Now' }));
    expect(useOverlays.getState().open.upgrade).toBeUndefined();
  });
});

describe('who is offered the upgrade (lib/paid-features.ts)', () => {
  it('a paid lead that is open or sold counts; refunded, canceled or unpaid do not', () => {
    const paidAt = '2026-11-20T10:00:00.000Z';
    expect(hasPaidLead([makeLead({ status: 'new', paidAt })])).toBe(true);
    expect(hasPaidLead([makeLead({ status: 'sold', paidAt })])).toBe(true);
    expect(
      hasPaidLead([makeLead({ status: 'refunded', paidAt }), makeLead({ status: 'canceled', paidAt })]),
    ).toBe(false);
    expect(hasPaidLead([makeLead()])).toBe(false);
  });

  it('opens for an unpaid buyer, not for a paid one, staff, registrars, investors or guests', async () => {
    expect(await offerUpgrade()).toBe(false);
    signIn();
    expect(await offerUpgrade()).toBe(true);
    expect(useOverlays.getState().open.upgrade).toEqual({});
    useOverlays.getState().closeAll();

    useLeadsStore.setState({
      leads: [makeLead({ status: 'new', paidAt: '2026-11-20T10:00:00.000Z' })],
      status: 'ready',
    });
    expect(await offerUpgrade()).toBe(false);
    resetMyLeads();
    for (const [roles, interest] of [
      [['Consultant'], null],
      [['Registrar'], null],
      [['Buyer'], 'Investor'],
    ] as const) {
      signIn([...roles], interest);
      expect(await offerUpgrade()).toBe(false);
    }
    expect(useOverlays.getState().open.upgrade).toBeUndefined();
  });
});
