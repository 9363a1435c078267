import type { Lead } from '@domain-broker/shared/schemas/leads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { resetMyLeads } from '#portal/lib/leads.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { useSession } from '#portal/lib/session.ts';
import { jsonResponse, makeLead } from '#portal/test/leads.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import AgentPage from './agent-page.tsx';

const lead = (over: Partial<Lead> = {}): Lead =>
  makeLead({
    status: 'new',
    paidAt: '2026-11-24T06:00:00.000Z',
    refundableUntil: new Date(Date.now() + 6 * 86_400_000).toISOString(),
    payments: [{ UID: 'p1', status: 'succeeded', amountPaid: 19.95, createdAt: '2026-11-24T06:00:00.000Z' }],
    consultant: { UID: 'c1', name: 'Bea Broker', image: '' },
    consultantUID: 'c1',
    ...over,
  });

const fetchMock = vi.fn<typeof fetch>();
const json = jsonResponse;
let refunds = 0;
let agreements = 0;

function serve(current: Lead) {
  useSession.getState().signIn('tok', { UID: 'u1', email: 'ann@example.com', roles: [] } as never);
  let stored = current;
  refunds = 0;
  agreements = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    if (url.includes('/getMyLeads')) return json(200, { data: [stored] });
    if (url.includes('/getConsultantBadges/c1'))
      return json(200, { data: [{ badgeName: 'OG Domains' }, { badgeName: 'Platinum Buzz' }] });
    if (method === 'POST' && url.includes('/leads/lead-1/agreeBrokerTerms')) {
      agreements += 1;
      stored = {
        ...stored,
        brokerTermsAgreedAt: new Date().toISOString(),
        consultant: {
          UID: 'c1',
          name: 'Bea Broker',
          image: '',
          email: 'bea@broker.example',
          phone: '+1 415 555 0100',
        },
      } as Lead;
      return json(200, { data: stored });
    }
    if (method === 'POST' && url.includes('/leads/lead-1/refund')) {
      refunds += 1;
      stored = { ...stored, status: 'refunded', refundableUntil: null };
      return json(200, { message: 'Refunded', data: stored });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

beforeEach(async () => {
  resetMyLeads();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await ensureCatalog('after-purchase');
});
afterEach(() => vi.unstubAllGlobals());

describe('/agent-details-questions', () => {
  it('confirms the payment and introduces the broker by name only', async () => {
    serve(lead());
    sessionStorage.setItem(
      'db.paidCard',
      JSON.stringify({ leadUID: 'lead-1', brand: 'visa', last4: '4242' }),
    );
    renderWithApp(<AgentPage />, { path: '/agent-details-questions' });
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(screen.getByText('19.95 USD')).toBeTruthy();
    expect(screen.getByText('November 24, 2026')).toBeTruthy();
    expect(screen.getByText('ending in 4242')).toBeTruthy();
    expect(screen.getByText('Bea Broker')).toBeTruthy();
    expect(screen.getByText('What happens next')).toBeTruthy();
    const card = document.querySelector('[data-agent-card]') as HTMLElement;
    expect(card.textContent).not.toMatch(/@|\+1/);
    expect(
      within(card).getByText("Agree to the broker service terms to see your broker's contact details."),
    ).toBeTruthy();
  });

  it('shows the badges, and the email and phone only after the buyer agrees to the broker terms', async () => {
    const user = userEvent.setup();
    serve(lead());
    renderWithApp(<AgentPage />, { path: '/agent-details-questions' });
    const card = (await screen.findByText('Bea Broker')).closest('[data-agent-card]') as HTMLElement;
    expect(await within(card).findByText('Platinum Buzz')).toBeTruthy();
    expect(within(card).getByText('OG Domains')).toBeTruthy();
    expect(within(card).queryByText('bea@broker.example')).toBeNull();
    expect(agreements).toBe(0);
    await user.click(within(card).getByRole('checkbox', { name: 'I agree to the broker service terms' }));
    expect(await within(card).findByText('bea@broker.example')).toBeTruthy();
    expect(within(card).getByText('+1 415 555 0100')).toBeTruthy();
    expect(within(card).queryByRole('checkbox')).toBeNull();
    expect(agreements).toBe(1);
  });

  it('shows the contact directly once the agreement is recorded', async () => {
    serve(
      lead({
        brokerTermsAgreedAt: '2026-11-24T06:10:00.000Z',
        consultant: {
          UID: 'c1',
          name: 'Bea Broker',
          image: '',
          email: 'bea@broker.example',
          phone: '+1 415 555 0100',
        },
      } as Partial<Lead>),
    );
    renderWithApp(<AgentPage />, { path: '/agent-details-questions' });
    expect(await screen.findByText('bea@broker.example')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'I agree to the broker service terms' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Tell your broker what you need' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download E-book' })).toBeTruthy();
  });

  it('offers the refund only while refundableUntil is in the future', async () => {
    serve(lead({ refundableUntil: new Date(Date.now() - 1000).toISOString() }));
    renderWithApp(<AgentPage />, { path: '/agent-details-questions' });
    await screen.findByText('Payment received');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('refunds after confirming, once, and shows the refunded state', async () => {
    const user = userEvent.setup();
    serve(lead());
    renderWithApp(<AgentPage />, { path: '/agent-details-questions' });
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund your payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep My Broker' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(refunds).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm Refund' });
    await user.dblClick(confirm);
    expect(await screen.findByText('Your payment is refunded')).toBeTruthy();
    expect(refunds).toBe(1);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('sends an unpaid lead back to the checkout', async () => {
    serve(lead({ status: 'pending', paidAt: null, payments: [], refundableUntil: null }));
    renderWithApp(<AgentPage />, { path: '/agent-details-questions' });
    expect(await screen.findByText('Your payment for wanted.com is not complete yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete Checkout' }).getAttribute('href')).toBe(
      '/hire-consultant',
    );
  });

  it('says so when the buyer has no domain yet, and offers the buy form', async () => {
    useSession.getState().signIn('tok', { UID: 'u1', email: 'a@b.co', roles: [] } as never);
    fetchMock.mockImplementation(async () => json(200, { data: [] }));
    renderWithApp(<AgentPage />, { path: '/agent-details-questions' });
    expect(await screen.findByText('You dont have a domain name to checkout')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Buy a Domain' }));
    expect(useOverlays.getState().open.buyForm).toEqual({});
  });

  it('shows the error state with a way to try again', async () => {
    useSession.getState().signIn('tok', { UID: 'u1', email: 'a@b.co', roles: [] } as never);
    fetchMock.mockImplementation(async () => json(400, { message: 'Bad', code: 'BAD' }));
    renderWithApp(<AgentPage />, { path: '/agent-details-questions' });
    expect(await screen.findByText("Your broker's details could not be loaded.")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy());
  });
});
