import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  loadToast: vi.fn(),
  dismissErrors: vi.fn(),
}));

import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { type BuyPrefill, type LowBudgetContext, useOverlays } from '#portal/lib/overlays.ts';
import { useSession } from '#portal/lib/session.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import BuyWindow from './buy-window.tsx';
import LowBudgetWindow, { LOW_BUDGET_NOTES } from './low-budget-window.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function profile(over: Partial<UserProfile> = {}): UserProfile {
  return {
    UID: 'u1',
    name: 'Ann Buyer',
    firstName: 'Ann',
    lastName: 'Buyer',
    email: 'ann@example.com',
    roles: [{ role: { UID: 'r', roleType: 'Buyer' } }],
    registrarUID: null,
    userInterested: null,
    ...over,
  } as UserProfile;
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await ensureCatalog('buy');
  history.replaceState(null, '', '/appraisal');
  useSession.setState({ token: 't', profile: profile() });
});
afterEach(() => vi.unstubAllGlobals());

function calls(path: string) {
  return fetchMock.mock.calls.filter(
    ([input]) => new URL(String(input), 'http://x').pathname === `/api${path}`,
  );
}
function bodyOf(path: string) {
  const call = calls(path)[0];
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
}

function openForm(prefill: BuyPrefill = {}) {
  useOverlays.getState().openOverlay('buyForm', prefill);
  renderWithApp(<BuyWindow />);
  return {
    domain: screen.getByLabelText('Domain name') as HTMLInputElement,
    budget: screen.getByLabelText('Your budget (USD)') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Continue' }),
  };
}

describe('the domain + budget form', () => {
  it('shows the suggested minimum from the pricing module under the budget', () => {
    openForm();
    expect(screen.getByRole('dialog', { name: 'Hire a Broker to Buy Your Domain' })).toBeTruthy();
    expect(screen.getByText('Suggested minimum: 2,000 USD')).toBeTruthy();
  });

  it("gives the spec's domain messages and sends nothing", async () => {
    const user = userEvent.setup();
    const f = openForm();
    await user.click(f.submit);
    expect(await screen.findByText('enter a valid domain')).toBeTruthy();
    expect(document.activeElement).toBe(f.domain);
    await user.type(f.domain, 'not a domain');
    expect(await screen.findByText('not a valid domain')).toBeTruthy();
    await user.clear(f.domain);
    await user.type(f.domain, 'wanted.museum');
    expect(
      await screen.findByText(/This extension is not supported\. Supported extensions: \.com/),
    ).toBeTruthy();
    await user.clear(f.domain);
    await user.type(f.domain, 'wanted.com');
    await user.type(f.budget, 'lots');
    await user.click(f.submit);
    expect(await screen.findByText('Please Enter Your budget')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('500 USD or more creates the lead and goes on to /hire-consultant', async () => {
    fetchMock.mockResolvedValue(json(200, { data: { UID: 'l1' } }));
    const user = userEvent.setup();
    const f = openForm({ domainName: 'wanted.com' });
    expect(f.domain.value).toBe('wanted.com');
    await user.type(f.budget, '2,500');
    await user.click(f.submit);
    await waitFor(() => expect(location.pathname).toBe('/hire-consultant'));
    expect(bodyOf('/leads')).toEqual({
      domainName: 'wanted.com',
      offerAmount: '2500',
      referrerURL: expect.stringContaining('/appraisal'),
      formName: 'buy-form',
    });
    expect(calls('/createCloseLead')).toHaveLength(0);
    expect(useOverlays.getState().open.buyForm).toBeUndefined();
  });

  it('under 500 is a direct enquiry answered with the confirmation', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        message: 'Form Submitted, One of our agents will get back to you within one business day or less.',
      }),
    );
    const user = userEvent.setup();
    const f = openForm();
    await user.type(f.domain, 'Wanted.COM');
    await user.type(f.budget, '300');
    await user.click(f.submit);
    expect(
      await screen.findByText(
        'Form Submitted, One of our agents will get back to you within one business day or less.',
      ),
    ).toBeTruthy();
    expect(bodyOf('/createCloseLead')).toMatchObject({ domainName: 'wanted.com', offerAmount: '300' });
    expect(calls('/leads')).toHaveLength(0);
    expect(location.pathname).toBe('/appraisal');
    await user.click(screen.getByRole('button', { name: 'Okay!' }));
    expect(useOverlays.getState().open.buyForm).toBeUndefined();
  });

  it('an empty budget is an enquiry too', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    const user = userEvent.setup();
    const f = openForm({ domainName: 'wanted.io' });
    await user.click(f.submit);
    expect(
      await screen.findByText(
        'Form Submitted, One of our agents will get back to you within one business day or less.',
      ),
    ).toBeTruthy();
    expect(bodyOf('/createCloseLead')).toMatchObject({ domainName: 'wanted.io', offerAmount: '' });
  });

  it("under 500 from a registrar's visitor opens 'Insufficient Budget' instead, with nothing sent", async () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    const user = userEvent.setup();
    const f = openForm({ domainName: 'wanted.com' });
    await user.type(f.budget, '300');
    await user.click(f.submit);
    await waitFor(() =>
      expect(useOverlays.getState().open.lowBudget).toEqual({
        domainName: 'wanted.com',
        offerAmount: '300',
        sourceFrom: 'buyForm',
      }),
    );
    expect(useOverlays.getState().open.buyForm).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server refusal of a second domain (decision A12), then leads to the alternates panel', async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        code: 'LEAD_ADD_AS_ALTERNATE',
        message: 'You are an existing user, Please add other.com as an alternate domain.',
      }),
    );
    const user = userEvent.setup();
    const f = openForm({ domainName: 'other.com', offerAmount: '5000' });
    await user.click(f.submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are an existing user, Please add other.com as an alternate domain.',
    );
    expect(location.pathname).toBe('/appraisal');
    expect(useOverlays.getState().open.buyForm).toEqual({ domainName: 'other.com', offerAmount: '5000' });
    // the way on: the dashboard's alternates panel with the domain filled in
    await user.click(screen.getByRole('button', { name: 'Add as an Alternate Domain' }));
    expect(location.pathname).toBe('/dashboard');
    expect(location.search).toBe('?alternate=other.com');
    expect(useOverlays.getState().open.buyForm).toBeUndefined();
  });

  it('shows the server message for an investor the server refuses', async () => {
    fetchMock.mockResolvedValue(
      json(403, { code: 'NOT_ALLOWED_CONTACT_ADMIN', message: 'not allowed, please contact admin' }),
    );
    const user = userEvent.setup();
    const f = openForm({ domainName: 'wanted.com', offerAmount: '5000' });
    await user.click(f.submit);
    expect((await screen.findByRole('alert')).textContent).toBe('not allowed, please contact admin');
  });

  it('tells an investor and a staff account why not, instead of the form (decision A24)', () => {
    useSession.setState({ token: 't', profile: profile({ userInterested: 'Investor' }) });
    useOverlays.getState().openOverlay('buyForm', {});
    const { unmount } = renderWithApp(<BuyWindow />);
    expect(screen.getByRole('alert').textContent).toBe('not allowed, please contact admin');
    expect(screen.queryByLabelText('Domain name')).toBeNull();
    unmount();
    useSession.setState({
      token: 't',
      profile: profile({ roles: [{ role: { UID: 'r', roleType: 'Consultant' } }] }),
    });
    renderWithApp(<BuyWindow />);
    expect(screen.getByRole('alert').textContent).toBe('please login as user to continue');
  });

  it("puts the focus in the budget when asked ('increase the budget')", async () => {
    const f = openForm({ domainName: 'wanted.com', offerAmount: '300', focus: 'offerAmount' });
    await waitFor(() => expect(document.activeElement).toBe(f.budget));
    expect(f.budget.value).toBe('300');
  });
});

describe("the 'Insufficient Budget' window", () => {
  const context: LowBudgetContext = { domainName: 'wanted.com', offerAmount: '300', sourceFrom: 'enquiry' };
  const DEMO = { UID: 'demo-registrar', name: 'Demo', image: null, website: 'https://registrar.example' };

  function openWindow(ctx: LowBudgetContext = context) {
    fetchMock.mockResolvedValue(
      json(200, { message: 'Thank you, our team has been told about your budget.' }),
    );
    useOverlays.getState().openOverlay('lowBudget', ctx);
    return renderWithApp(<LowBudgetWindow />);
  }

  it("Search Alternatives goes back to the registrar's website and sends the mail with its note", async () => {
    localStorage.setItem('registrarUID', 'demo-registrar');
    localStorage.setItem('registrarDetail', JSON.stringify(DEMO));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    openWindow();
    expect(screen.getByRole('dialog', { name: 'Insufficient Budget' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search Alternatives' }));
    expect(assign).toHaveBeenCalledWith('https://registrar.example/');
    await waitFor(() => expect(calls('/sendLowBudgetMail')).toHaveLength(1));
    expect(bodyOf('/sendLowBudgetMail')).toEqual({
      domainName: 'wanted.com',
      offerAmount: '300',
      sourceFrom: 'enquiry',
      lowBudgetNote: 'User decided to go back to the registrar where they came from.',
      registrarUID: 'demo-registrar',
    });
    expect(useOverlays.getState().open.lowBudget).toBeUndefined();
  });

  it('Search Alternatives goes to /appraisal without a known website', async () => {
    const user = userEvent.setup();
    openWindow();
    await user.click(screen.getByRole('button', { name: 'Search Alternatives' }));
    expect(location.pathname).toBe('/appraisal');
  });

  it('Increase the Budget reopens the form with the budget in focus, and mails once', async () => {
    const user = userEvent.setup();
    openWindow();
    await user.click(screen.getByRole('button', { name: 'Increase the Budget' }));
    expect(useOverlays.getState().open.buyForm).toEqual({
      domainName: 'wanted.com',
      offerAmount: '300',
      focus: 'offerAmount',
    });
    await waitFor(() => expect(calls('/sendLowBudgetMail')).toHaveLength(1));
    expect(bodyOf('/sendLowBudgetMail').lowBudgetNote).toBe(LOW_BUDGET_NOTES.increase);
  });

  it("a guest's Increase the Budget goes to the enquiry's budget field", async () => {
    useSession.setState({ token: null, profile: null });
    history.replaceState(null, '', '/');
    const user = userEvent.setup();
    openWindow({ sourceFrom: 'click', offerAmount: '200' });
    localStorage.setItem('domainName', 'clicked.com');
    await user.click(screen.getByRole('button', { name: 'Increase the Budget' }));
    expect(location.pathname).toBe('/registrar-landing-page');
    expect(location.hash).toBe('#budget');
    await waitFor(() => expect(calls('/sendLowBudgetMail')).toHaveLength(1));
    expect(bodyOf('/sendLowBudgetMail')).toMatchObject({ domainName: 'clicked.com', sourceFrom: 'click' });
  });

  it('closing the window sends the mail once, with the closing note', async () => {
    const user = userEvent.setup();
    openWindow();
    await user.keyboard('{Escape}');
    expect(useOverlays.getState().open.lowBudget).toBeUndefined();
    await waitFor(() => expect(calls('/sendLowBudgetMail')).toHaveLength(1));
    expect(bodyOf('/sendLowBudgetMail').lowBudgetNote).toBe(LOW_BUDGET_NOTES.closed);
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith('Thank you, our team has been told about your budget.'),
    );
  });
});
