import { ERRORS } from '@domain-broker/shared/errors';
import { PROMO_CODE_INVALID_MESSAGE } from '@domain-broker/shared/schemas/checkout';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, useConfigStore } from '#portal/lib/config.ts';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { resetMyLeads, useLeadsStore } from '#portal/lib/leads.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { useSession } from '#portal/lib/session.ts';
import { jsonResponse, makeLead } from '#portal/test/leads.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { canApplyPromo, formatExpiry, PROMO_CODE_INVALID, parseExpiry } from '../utils/card.ts';
import { promoCodeProblem } from '../utils/rules.ts';
import { SERVER_TEXTS } from '../utils/server-texts.ts';
import CheckoutPage from './checkout-page.tsx';

const paidLead = () =>
  makeLead({
    status: 'new',
    paidAt: '2026-11-24T06:00:00.000Z',
    consultant: { UID: 'c1', name: 'Bea Broker', image: '' },
    consultantUID: 'c1',
  });

const profile = {
  UID: 'u1',
  name: 'Ann Buyer',
  firstName: 'Ann',
  lastName: 'Buyer',
  email: 'ann@example.com',
  phone: '',
  roles: [],
  registrarUID: null,
  userInterested: null,
  preferredContact: 'Email',
};

const fetchMock = vi.fn<typeof fetch>();
const json = jsonResponse;
type Handler = (body: Record<string, unknown>, url: string) => Response | Promise<Response>;
let routes: Record<string, Handler>;
const calls: { url: string; body: Record<string, unknown> }[] = [];

function serve(leads: Lead[], more: Record<string, Handler> = {}, profileOver: Record<string, unknown> = {}) {
  useSession.getState().signIn('tok', { ...profile, ...profileOver } as never);
  routes = {
    'GET /api/getMyLeads': () => json(200, { data: leads }),
    'GET /api/location': () => json(200, { data: { country_code: 'US' } }),
    ...more,
  };
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input).replace(/^https?:\/\/[^/]+/, '');
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    const raw = input instanceof Request ? await input.text() : init?.body;
    const body = raw ? (JSON.parse(String(raw)) as Record<string, unknown>) : {};
    calls.push({ url: `${method} ${url.split('?')[0]}`, body });
    const key = Object.keys(routes).find((k) => `${method} ${url}`.startsWith(k));
    if (!key) return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    return routes[key]!(body, url);
  });
}

const called = (prefix: string) => calls.filter((c) => c.url.startsWith(prefix));
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

beforeEach(async () => {
  resetMyLeads();
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  useConfigStore.setState({
    loaded: true,
    config: {
      ...DEFAULT_CONFIG,
      payments: { provider: 'sandbox', publishableKey: null, testMode: true },
    } as never,
  });
  await ensureCatalog('checkout');
  await ensureCatalog('checkout-deferred');
});
afterEach(() => vi.unstubAllGlobals());

async function fillCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), '1234');
  await user.type(screen.getByLabelText('CVV'), '123');
  await user.type(screen.getByLabelText('Name on card'), 'Ann Buyer');
  await user.click(screen.getByLabelText('I accept the Privacy Policy and the Terms of Service.'));
  await user.click(screen.getByLabelText(/I have read the disclaimer/));
}

const success =
  (lead = paidLead()) =>
  () =>
    json(200, {
      message: 'Success! The charge has been approved.',
      data: { status: 'succeeded', paymentIntentId: 'pi_1', lead },
    });

describe('form rules', () => {
  it('reads the expiry and the promo code lengths', () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('13 / 34')).toBeNull();
    expect(parseExpiry('1')).toBeNull();
    expect(canApplyPromo('ABCD')).toBe(false);
    expect(canApplyPromo('ABCDE')).toBe(true);
    expect(promoCodeProblem('ABCDE')).toBe('please enter a valid promo code');
    expect(promoCodeProblem('ABCDEF')).toBeNull();
    expect(PROMO_CODE_INVALID).toBe(PROMO_CODE_INVALID_MESSAGE);
  });

  it('translates every payment and promo message of the server catalogue', () => {
    const codes = [
      'PAYMENT_NOT_COMPLETED',
      'PAYMENT_ALREADY_DONE',
      'NO_SUCH_PAYMENT_METHOD',
      'PROMO_EXPIRED',
      'PROMO_INVALID',
      'PROMO_USED',
      'PROMO_USED_BY_YOU',
      'LEAD_UID_MISSING',
      'LEAD_NOT_FOUND',
    ] as const;
    for (const code of codes) expect(Object.keys(SERVER_TEXTS)).toContain(ERRORS[code].message);
  });
});

describe('/hire-consultant', () => {
  it('says so when there is no pending lead', async () => {
    serve([]);
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    expect(await screen.findByText('You dont have a domain name to checkout')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hire a Broker' })).toBeNull();
    // the way forward: the domain + budget form of the buy flow
    await userEvent.click(screen.getByRole('button', { name: 'Buy a Domain' }));
    expect(useOverlays.getState().open.buyForm).toEqual({});
  });

  it('shows the lead, the budget hint, the fee, TEST MODE and the full-cost preview', async () => {
    serve([makeLead()]);
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    expect(await screen.findByText('wanted.com')).toBeTruthy();
    expect(screen.getByText('5,000 USD')).toBeTruthy();
    expect(screen.getByText('Suggested minimum: 2,000 USD')).toBeTruthy();
    expect(screen.getByText('One-time fee: 19.95 USD')).toBeTruthy();
    expect(screen.getByText('TEST MODE')).toBeTruthy();
    // a direct buyer: the greater of 15% or 250 USD; on 5,000 USD that is 750 USD
    expect(await screen.findByText('The greater of 15% of the negotiated price or 250 USD.')).toBeTruthy();
    expect(
      screen.getByText('Example: bought at your budget of 5,000 USD, the commission is 750 USD.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hire a Broker' })).toBeTruthy();
  });

  it('shows a registrar-referred buyer 20% on top', async () => {
    serve([makeLead({ registrarUID: 'reg-1', offerAmount: '1000' })]);
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    expect(await screen.findByText('20% of the negotiated price, on top of the price.')).toBeTruthy();
    expect(
      screen.getByText('Example: bought at your budget of 1,000 USD, the commission is 200 USD.'),
    ).toBeTruthy();
  });

  it('asks for both consents, the name on card and the card', async () => {
    const user = userEvent.setup();
    serve([makeLead()]);
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    await user.click(await screen.findByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Your card number is incomplete.',
        "Your card's expiration date is incomplete.",
        "Your card's security code is incomplete.",
        'Please fill out name printed in card or Account holder name',
        'Please Accept Privacy Policy and Terms of Service',
        'Kindly read the disclaimer before you progress further',
      ]),
    );
    expect(calls.filter((c) => c.url.startsWith('POST'))).toEqual([]);
  });

  it('accepts no phone but refuses an invalid one', async () => {
    const user = userEvent.setup();
    serve([makeLead()]);
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    await fillCard(user);
    await user.type(screen.getByLabelText(/^Phone number/, { selector: 'input' }), '+1 555');
    await user.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(alerts()).toEqual(['Invalid phone number']));
    expect(called('POST')).toEqual([]);
  });

  it('pays with a card once, however often it is clicked, and goes to the agent page', async () => {
    const user = userEvent.setup();
    localStorage.setItem('promoCode', '');
    let release: () => void = () => {};
    serve([makeLead()], {
      'POST /api/sandbox/paymentMethods': () =>
        json(200, { data: { id: 'pm_1', card: { brand: 'visa', last4: '4242' } } }),
      'POST /api/payments': async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return success()();
      },
    });
    const { location } = renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    await fillCard(user);
    const button = screen.getByRole('button', { name: 'Hire a Broker' });
    await user.click(button);
    await waitFor(() => expect(called('POST /api/payments')).toHaveLength(1));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    button.closest('form')!.requestSubmit();
    await user.dblClick(button);
    release();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/agent-details-questions'));
    expect(called('POST /api/sandbox/paymentMethods')).toHaveLength(1);
    expect(called('POST /api/payments')).toHaveLength(1);
    expect(called('POST /api/sandbox/paymentMethods')[0]!.body).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(called('POST /api/payments')[0]!.body).toEqual({
      paymentID: 'pm_1',
      leadUID: 'lead-1',
      amountPaid: 19.95,
    });
    // the paid lead replaces the pending one in the cache the next page reads
    expect(useLeadsStore.getState().leads?.map((l) => l.status)).toEqual(['new']);
    expect(JSON.parse(sessionStorage.getItem('db.paidCard')!)).toEqual({
      leadUID: 'lead-1',
      brand: 'visa',
      last4: '4242',
    });
  });

  it('runs the 3-D Secure challenge, then verifies', async () => {
    const user = userEvent.setup();
    serve([makeLead()], {
      'POST /api/sandbox/paymentMethods': () =>
        json(200, { data: { id: 'pm_3ds', card: { brand: 'visa', last4: '3184' } } }),
      'POST /api/payments': () =>
        json(200, {
          data: { status: 'requires_action', clientSecret: 'pi_9_secret', paymentIntentId: 'pi_9' },
        }),
      'POST /api/sandbox/paymentIntents/pi_9/authenticate': () =>
        json(200, { data: { status: 'succeeded' } }),
      'POST /api/stripeVerification': success(),
    });
    const { location } = renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    await fillCard(user, '4000002760003184');
    await user.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    const dialog = await screen.findByRole('dialog', { name: '3-D Secure Authentication' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/agent-details-questions'));
    expect(called('POST /api/sandbox/paymentIntents/pi_9/authenticate')[0]!.body).toEqual({
      clientSecret: 'pi_9_secret',
      outcome: 'complete',
    });
    expect(called('POST /api/stripeVerification')[0]!.body).toEqual({ leadUID: 'lead-1', id: 'pi_9' });
  });

  it('shows a declined card under the card field and stays', async () => {
    const user = userEvent.setup();
    serve([makeLead()], {
      'POST /api/sandbox/paymentMethods': () =>
        json(200, { data: { id: 'pm_2', card: { brand: 'visa', last4: '0002' } } }),
      'POST /api/payments': () =>
        json(402, {
          message: 'Your card was declined.',
          code: 'CARD_DECLINED',
          errors: [{ field: 'card', message: 'Your card was declined.' }],
        }),
    });
    const { location } = renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(alerts()).toEqual(['Your card was declined.']));
    expect(location.history?.at(-1)).toBe('/hire-consultant');
    expect((screen.getByRole('button', { name: 'Hire a Broker' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('puts the sandbox card fields’ complaints under their fields', async () => {
    const user = userEvent.setup();
    serve([makeLead()], {
      'POST /api/sandbox/paymentMethods': () =>
        json(400, {
          message: 'Invalid card',
          code: 'VALIDATION',
          errors: [
            { field: 'number', message: 'Your card number is invalid.' },
            { field: 'expiry', message: "Your card's expiration year is in the past." },
          ],
        }),
    });
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Your card number is invalid.',
        "Your card's expiration year is in the past.",
      ]),
    );
    expect(called('POST /api/payments')).toEqual([]);
  });
});

describe('promo code', () => {
  it('enables Apply above 4 characters and refuses 5', async () => {
    const user = userEvent.setup();
    serve([makeLead()]);
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    const field = await screen.findByLabelText('Promo code');
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    await user.type(field, 'ABCD');
    expect(apply.disabled).toBe(true);
    await user.type(field, 'E');
    expect(apply.disabled).toBe(false);
    await user.click(apply);
    expect(alerts()).toEqual(['please enter a valid promo code']);
    expect(called('GET /api/getPromoDetails')).toEqual([]);
  });

  it('applies a valid code: 100% discounted, no card; editing or removing resets it', async () => {
    const user = userEvent.setup();
    serve([makeLead()], {
      'GET /api/getPromoDetails/FREE100': () => json(200, { data: { offerPercent: 100 } }),
    });
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    const field = await screen.findByLabelText('Promo code');
    await user.type(field, 'FREE100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('100% discounted')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByLabelText('Name on card')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Promo Code' }));
    expect(screen.queryByText('100% discounted')).toBeNull();
    expect((screen.getByLabelText('Promo code') as HTMLInputElement).value).toBe('');
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    await user.type(screen.getByLabelText('Promo code'), 'FREE100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('100% discounted');
    // editing an applied code resets it: the card is needed again until a code is applied
    await user.type(screen.getByLabelText('Promo code'), 'X');
    expect(screen.queryByText('100% discounted')).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });

  it('says an unknown code is invalid, and typing clears the message', async () => {
    const user = userEvent.setup();
    serve([makeLead()], { 'GET /api/getPromoDetails/NOPE99': () => json(200, { data: {} }) });
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    const field = await screen.findByLabelText('Promo code');
    await user.type(field, 'NOPE99');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(alerts()).toEqual(['Promo code is invalid']));
    await user.type(field, '1');
    expect(alerts()).toEqual([]);
  });

  it('pays with a stored, applied code and removes it', async () => {
    const user = userEvent.setup();
    localStorage.setItem('promoCode', 'FREE100');
    serve([makeLead()], {
      'GET /api/getPromoDetails/FREE100': () => json(200, { data: { offerPercent: 100 } }),
      'POST /api/paymentUsingPromoCode': success(),
    });
    const { location } = renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    expect(((await screen.findByLabelText('Promo code')) as HTMLInputElement).value).toBe('FREE100');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('100% discounted');
    await user.click(screen.getByLabelText('I accept the Privacy Policy and the Terms of Service.'));
    await user.click(screen.getByLabelText(/I have read the disclaimer/));
    await user.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/agent-details-questions'));
    expect(called('POST /api/paymentUsingPromoCode')[0]!.body).toEqual({
      code: 'FREE100',
      leadUID: 'lead-1',
    });
    expect(called('POST /api/payments')).toEqual([]);
    expect(localStorage.getItem('promoCode')).toBeNull();
  });

  it('promo-only buyer: no card, the email note and alert; a blank code is invalid', async () => {
    const user = userEvent.setup();
    serve(
      [makeLead()],
      {
        'GET /api/getPromoDetails/MAILED1': () => json(200, { data: { offerPercent: 100 } }),
        'POST /api/paymentUsingPromoCode': success(),
      },
      { userInterested: 'buy' },
    );
    const { location } = renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    expect(
      await screen.findByText('Please check your registered email for your promo code and enter it below.'),
    ).toBeTruthy();
    expect(useOverlays.getState().open.alert).toEqual({ kind: 'promo' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByLabelText('Name on card')).toBeNull();
    await user.click(screen.getByLabelText('I accept the Privacy Policy and the Terms of Service.'));
    await user.click(screen.getByLabelText(/I have read the disclaimer/));
    await user.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(alerts()).toEqual(['Promo code is invalid']));
    await user.type(screen.getByLabelText('Promo code'), 'MAILED1');
    await user.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/agent-details-questions'));
    expect(called('POST /api/paymentUsingPromoCode')[0]!.body).toEqual({
      code: 'MAILED1',
      leadUID: 'lead-1',
    });
  });

  it('shows the server’s promo message under the field', async () => {
    const user = userEvent.setup();
    serve([makeLead()], {
      'GET /api/getPromoDetails/USED01': () => json(200, { data: { offerPercent: 100 } }),
      'POST /api/paymentUsingPromoCode': () =>
        json(400, { message: 'You have used this promo code already', code: 'PROMO_USED_BY_YOU' }),
    });
    renderWithApp(<CheckoutPage />, { path: '/hire-consultant' });
    await user.type(await screen.findByLabelText('Promo code'), 'USED01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('100% discounted');
    await user.click(screen.getByLabelText('I accept the Privacy Policy and the Terms of Service.'));
    await user.click(screen.getByLabelText(/I have read the disclaimer/));
    await user.click(screen.getByRole('button', { name: 'Hire a Broker' }));
    await waitFor(() => expect(alerts()).toEqual(['You have used this promo code already']));
  });
});
