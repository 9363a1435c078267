import type { Lead } from '@domain-broker/shared/schemas/leads';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { resetMyLeads } from '#portal/lib/leads.ts';
import { useOverlays } from '#portal/lib/overlays.ts';
import { loadPhoneLibrary } from '#portal/lib/phone.ts';
import { registerScreens } from '#portal/lib/screens.ts';
import { useSession } from '#portal/lib/session.ts';
import { jsonResponse, makeLead } from '#portal/test/leads.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { SurveyForm } from './survey-form.tsx';
import SurveyPage from './survey-page.tsx';
import { formatUsDate } from './survey-rules.ts';

const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock('#portal/lib/notify.ts', async (original) => ({
  ...(await original<typeof import('#portal/lib/notify.ts')>()),
  notifySuccess: (text: string) => toasts.success.push(text),
  notifyError: (text: string) => toasts.error.push(text),
}));

const THANKS =
  'Thank you for the information. Your Domain Broker will be conducting some preliminary research regarding, wanted.com and will get back to you in one to two business days.';

const lead = (over: Partial<Lead> = {}): Lead =>
  makeLead({
    status: 'new',
    paidAt: '2026-11-24T06:00:00.000Z',
    payments: [{ UID: 'p1', status: 'succeeded', amountPaid: 19.95, createdAt: '2026-11-24T06:00:00.000Z' }],
    consultant: { UID: 'c1', name: 'Bea Broker', image: '' },
    consultantUID: 'c1',
    email: '',
    ...over,
  });

const fetchMock = vi.fn<typeof fetch>();
const json = jsonResponse;
let patches: Record<string, unknown>[] = [];

function serve(current: Lead) {
  useSession.getState().signIn('tok', { UID: 'u1', email: 'ann@example.com', roles: [] } as never);
  let stored = current;
  patches = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    if (url.includes('/getMyLeads')) return json(200, { data: [stored] });
    if (method === 'PATCH' && url.endsWith('/leads/lead-1')) {
      const body = JSON.parse(String(init?.body ?? (input as Request).body)) as Record<string, unknown>;
      patches.push(body);
      const first = !stored.isSurveyCompleted;
      stored = { ...stored, ...(body as Partial<Lead>), isSurveyCompleted: true };
      return json(200, { message: first ? THANKS : 'Domain details updated', data: stored });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const days = (n: number) => new Date(Date.now() + n * 86_400_000);
const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

beforeAll(async () => {
  await loadPhoneLibrary();
});
beforeEach(async () => {
  resetMyLeads();
  toasts.success = [];
  toasts.error = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await ensureCatalog('after-purchase');
});
afterEach(() => vi.unstubAllGlobals());

const save = () => screen.getByRole('button', { name: 'Save Details' });

describe('the questions (/survey)', () => {
  it('asks for a contact method, and for a valid phone when Phone is chosen', async () => {
    const user = userEvent.setup();
    serve(lead());
    renderWithApp(<SurveyPage />, { path: '/survey' });
    await screen.findByRole('heading', { name: 'Tell your broker what you need' });
    await user.click(save());
    expect(await screen.findByText('Please choose how your broker should contact you')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Mobile/Phone' }));
    await user.click(save());
    expect(await screen.findByText('Please Enter Phone number')).toBeTruthy();
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    await user.type(phone, 'call me');
    await user.click(save());
    expect(await screen.findByText('Please enter valid Phone number')).toBeTruthy();
    await user.clear(phone);
    fireEvent.change(phone, { target: { value: '+1 000 000 0000' } });
    await user.click(save());
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    expect(patches).toHaveLength(0);
  });

  it('asks for a valid email when Email is chosen', async () => {
    const user = userEvent.setup();
    serve(lead());
    renderWithApp(<SurveyPage />, { path: '/survey' });
    await user.click(await screen.findByRole('radio', { name: 'Email' }));
    await user.click(save());
    expect(await screen.findByText('Please enter valid Email')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ann@');
    await user.click(save());
    expect(await screen.findByText('Please enter valid Email')).toBeTruthy();
    expect(patches).toHaveLength(0);
  });

  it('refuses dates in the past, a date not in MM/DD/YYYY and a date without a time slot', async () => {
    const user = userEvent.setup();
    serve(lead({ email: 'ann@example.com', preferredContact: 'Email' }));
    renderWithApp(<SurveyPage />, { path: '/survey' });
    const date = await screen.findByRole('textbox', { name: /Preferred contact date/ });
    await user.type(date, '2026-12-01');
    await user.click(save());
    expect(await screen.findByText('Please enter the date as MM/DD/YYYY')).toBeTruthy();
    await user.clear(date);
    await user.type(date, formatUsDate(days(-2)));
    fireEvent.change(screen.getByLabelText(/By when do you need the domain/), {
      target: { value: isoDay(days(-3)) },
    });
    await user.click(save());
    expect(await screen.findAllByText('The date cannot be in the past')).toHaveLength(2);
    await user.clear(date);
    await user.type(date, formatUsDate(days(3)));
    fireEvent.change(screen.getByLabelText(/By when do you need the domain/), {
      target: { value: isoDay(days(30)) },
    });
    await user.click(save());
    expect(await screen.findByText('Please choose Morning or Afternoon')).toBeTruthy();
    expect(screen.queryByText('The date cannot be in the past')).toBeNull();
    expect(patches).toHaveLength(0);
  });

  it('saves every answer in one call, shows the server message, then the saved state; later saves update', async () => {
    const user = userEvent.setup();
    serve(lead());
    renderWithApp(<SurveyPage />, { path: '/survey' });
    const budget = await screen.findByRole('textbox', { name: /Your budget for wanted.com/ });
    // a paid lead's offer is fixed on the server: shown, not editable, not sent
    expect((budget as HTMLInputElement).value).toBe('5000');
    expect((budget as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByLabelText(/By when do you need the domain/), {
      target: { value: isoDay(days(30)) },
    });
    await user.click(
      screen.getByRole('checkbox', { name: 'I have already contacted the owner of this domain' }),
    );
    await user.type(screen.getByRole('textbox', { name: /Questions or comments/ }), 'Is it for sale?');
    await user.click(screen.getByRole('radio', { name: 'Mobile/Phone' }));
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '+44 20 7946 0958');
    await user.click(screen.getByRole('checkbox', { name: 'I prefer text messages' }));
    const day = days(2);
    await user.type(screen.getByRole('textbox', { name: /Preferred contact date/ }), formatUsDate(day));
    await user.click(screen.getByRole('radio', { name: 'Morning (8:30)' }));
    await user.dblClick(save());

    expect(await screen.findByText(THANKS)).toBeTruthy();
    expect(toasts.success).toEqual([THANKS]);
    expect(patches).toHaveLength(1);
    const sent = patches[0]!;
    expect(sent).not.toHaveProperty('offerAmount');
    expect(sent).toMatchObject({
      beSeen: true,
      questionsAny: 'Is it for sale?',
      preferredContact: 'Phone',
      preferText: true,
      phone: '+44 20 7946 0958',
      isSurveyCompleted: true,
    });
    const time = new Date(String(sent.preferredTime));
    expect([time.getFullYear(), time.getMonth(), time.getDate(), time.getHours(), time.getMinutes()]).toEqual(
      [day.getFullYear(), day.getMonth(), day.getDate(), 8, 30],
    );
    // the zone the slot's hour is in goes with it, so the broker can name the slot (decision A2)
    expect(sent.preferredTimeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(new Date(String(sent.deadLine)).getTime()).toBeGreaterThan(Date.now());

    await user.click(screen.getByRole('button', { name: 'Edit Answers' }));
    await user.click(screen.getByRole('radio', { name: 'Afternoon (14:30)' }));
    await user.click(save());
    expect(await screen.findByText('Domain details updated')).toBeTruthy();
    expect(patches).toHaveLength(2);
    expect(new Date(String(patches[1]!.preferredTime)).getHours()).toBe(14);
    expect(patches[1]).not.toHaveProperty('offerAmount');
  });

  it("says 'Please Login to save the details' when the session is gone", async () => {
    const user = userEvent.setup();
    serve(lead());
    useSession.getState().clear();
    renderWithApp(<SurveyForm lead={lead({ email: 'ann@example.com', preferredContact: 'Email' })} />, {
      path: '/survey',
    });
    await user.click(save());
    await waitFor(() => expect(toasts.error).toEqual(['Please Login to save the details']));
    expect(useOverlays.getState().open.login).toBeTruthy();
    useOverlays.getState().closeAll();
    expect(patches).toHaveLength(0);
  });

  it('goes to the dashboard after saving once that screen exists', async () => {
    const user = userEvent.setup();
    serve(lead({ email: 'ann@example.com', preferredContact: 'Email' }));
    registerScreens(['/dashboard']);
    const { location } = renderWithApp(<SurveyPage />, { path: '/survey' });
    await screen.findByRole('heading', { name: 'Tell your broker what you need' });
    await user.click(save());
    await waitFor(() => expect(location.history.at(-1)).toBe('/dashboard'));
    expect(toasts.success).toEqual([THANKS]);
  });
});
