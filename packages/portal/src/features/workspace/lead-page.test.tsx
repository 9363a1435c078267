import type { BrokerLeadDetail } from '@domain-broker/shared/schemas/broker';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  dismissErrors: vi.fn(),
  loadToast: vi.fn(),
}));

import { ensureCatalog } from '#portal/lib/i18n.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { useSession } from '#portal/lib/session.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { makeLeadDetail, renderAt } from '#portal/test/workspace.tsx';
import LeadPage, { leadIdOf } from './lead-page.tsx';
import { commissionPreview, occurredAtOf, todayInput } from './rules.ts';

const fetchMock = vi.fn<typeof fetch>();
interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}
const calls: Call[] = [];
const writes = () => calls.filter((c) => c.method !== 'GET');

function signIn(roles: string[]) {
  useSession.getState().signIn('tok', {
    UID: 'c1',
    email: 'bea@broker.example',
    roles: roles.map((roleType) => ({ role: { UID: roleType, roleType } })),
  } as never);
}

type Handler = (call: Call) => Response | undefined;

function serve(initial: BrokerLeadDetail, handler: Handler = () => undefined) {
  let lead = initial;
  fetchMock.mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : null;
    const url = new URL(String(req ? req.url : input), 'http://localhost');
    const method = (req?.method ?? init?.method ?? 'GET').toUpperCase();
    const raw = req ? await req.clone().text() : (init?.body as string | undefined);
    const call = {
      method,
      path: url.pathname,
      body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null,
    };
    calls.push(call);
    const custom = handler(call);
    if (custom) return custom;
    if (method === 'GET' && call.path === `/api/consultant/leads/${lead.UID}`)
      return jsonResponse(200, { data: lead });
    if (method === 'GET' && call.path === '/api/consultant/brokers')
      return jsonResponse(200, {
        data: [
          { UID: 'c1', name: 'Bea Broker', acceptingLeads: true },
          { UID: 'c2', name: 'Carl Closer', acceptingLeads: true },
        ],
      });
    if (method === 'PUT' && call.path.endsWith('/marketAnalysis')) {
      const b = call.body as Record<string, string>;
      lead = {
        ...lead,
        marketAnalysis: {
          value: b.value!,
          low: b.low!,
          high: b.high!,
          ownerNotes: b.ownerNotes!,
          expectedTimeline: b.expectedTimeline!,
          updatedAt: new Date().toISOString(),
        },
      };
      return jsonResponse(200, { message: 'Market analysis saved', data: lead });
    }
    if (method === 'POST' && call.path.endsWith('/timeline')) {
      const b = call.body as Record<string, unknown>;
      const entry = {
        UID: `e${lead.timeline.length + 1}`,
        kind: b.kind,
        channel: b.channel ?? null,
        amount: (b.amount as string) ?? '',
        note: b.note,
        buyerVisible: b.buyerVisible,
        occurredAt: b.occurredAt,
        createdAt: new Date().toISOString(),
        author: { name: 'Bea Broker', role: 'broker' },
      } as BrokerLeadDetail['timeline'][number];
      lead = { ...lead, timeline: [...lead.timeline, entry] };
      return jsonResponse(201, { message: 'Timeline updated', data: entry });
    }
    if (method === 'PATCH' && call.path.startsWith('/api/consultant/opportunities/')) {
      const b = call.body as { status: 'accepted' | 'rejected'; note: string };
      lead = {
        ...lead,
        opportunities: lead.opportunities.map((o) =>
          call.path.endsWith(o.UID) ? { ...o, status: b.status, decisionNote: b.note } : o,
        ),
      };
      return jsonResponse(200, { message: 'Alternate domain updated', data: lead });
    }
    if (method === 'POST' && call.path.endsWith('/close')) {
      const b = call.body as Record<string, string>;
      lead =
        b.outcome === 'sold'
          ? {
              ...lead,
              status: 'sold',
              sale: {
                soldDate: b.soldDate!,
                price: b.soldPrice!,
                commission: '1500',
                commissionRule: 'percent',
                commissionPercent: 15,
                channel: 'direct',
              },
            }
          : { ...lead, status: b.outcome === 'declined' ? 'refunded' : 'canceled', closeReason: b.reason! };
      return jsonResponse(200, { message: 'Lead updated successfully', data: lead });
    }
    if (method === 'PATCH' && call.path.endsWith('/assign')) {
      lead = { ...lead, consultant: { UID: 'c2', name: 'Carl Closer' } };
      return jsonResponse(200, { message: 'Lead reassigned', data: lead });
    }
    return jsonResponse(404, { message: 'Lead not found.', code: 'NOT_FOUND' });
  });
}

const open = (lead = makeLeadDetail()) =>
  renderAt(<LeadPage />, { path: `/dashboard/leads/${encodeURIComponent(lead.UID)}` });

beforeEach(async () => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await ensureCatalog('workspace');
});
afterEach(() => vi.unstubAllGlobals());

describe('lead page rules', () => {
  it('reads the id from the address', () => {
    expect(leadIdOf('/dashboard/leads/abc%20d')).toBe('abc d');
    expect(leadIdOf('/dashboard/leads/abc/')).toBe('abc');
  });

  it('previews the commission for the lead’s channel (decision A19)', () => {
    expect(commissionPreview('10000', 'direct')).toMatchObject({
      cents: 150_000,
      rule: 'percent',
      percent: 15,
    });
    expect(commissionPreview('1000', 'direct')).toMatchObject({ cents: 25_000, rule: 'minimum' });
    expect(commissionPreview('1000', 'registrar')).toMatchObject({
      cents: 20_000,
      rule: 'percent',
      percent: 20,
    });
    expect(commissionPreview('', 'direct')).toBeNull();
    expect(commissionPreview('abc', 'direct')).toBeNull();
    expect(commissionPreview('0', 'direct')).toBeNull();
  });

  it('never sends a day in the server’s future', () => {
    const now = new Date();
    expect(occurredAtOf(todayInput(now), now)).toBe(now.toISOString());
    expect(occurredAtOf('2026-01-05', now)).toBe('2026-01-05T12:00:00.000Z');
  });
});

describe('/dashboard/leads/:id', () => {
  it("shows the preferred time as the buyer's day and slot, in the buyer's time zone (decision A2)", async () => {
    signIn(['Consultant']);
    // Morning (8:30) in Shanghai on 1 December is 00:30 UTC: the day is the buyer's, not the broker's
    serve(
      makeLeadDetail({
        survey: {
          ...makeLeadDetail().survey,
          preferredTime: '2026-12-01T00:30:00.000Z',
          preferredTimeZone: 'Asia/Shanghai',
        },
      }),
    );
    open();
    const survey = await screen.findByRole('region', { name: 'Survey Answers' });
    expect(
      within(survey).getByText("Dec 1, 2026, Morning (8:30), buyer's time (Asia/Shanghai)"),
    ).toBeTruthy();
    expect(within(survey).queryByText(/2026-12-01T/)).toBeNull();
  });

  it("names the afternoon slot, and without the buyer's zone shows the broker's own time with its zone", async () => {
    signIn(['Consultant']);
    serve(
      makeLeadDetail({
        survey: {
          ...makeLeadDetail().survey,
          preferredTime: '2026-12-01T13:30:00.000Z',
          preferredTimeZone: 'Europe/Berlin',
        },
      }),
    );
    const first = open();
    const survey = await screen.findByRole('region', { name: 'Survey Answers' });
    expect(
      within(survey).getByText("Dec 1, 2026, Afternoon (14:30), buyer's time (Europe/Berlin)"),
    ).toBeTruthy();
    first.unmount();

    // a survey saved before the zone was sent: the slot cannot be told from the instant alone
    serve(
      makeLeadDetail({
        survey: {
          ...makeLeadDetail().survey,
          preferredTime: '2026-12-01T13:30:00.000Z',
          preferredTimeZone: null,
        },
      }),
    );
    open();
    const again = await screen.findByRole('region', { name: 'Survey Answers' });
    // the day and the time in the reader's own zone, which the machine running the test decides
    expect(within(again).getByText(/^Dec [12], 2026, \d{1,2}:\d{2}\s?[AP]M .+ \(your time\)$/)).toBeTruthy();
    expect(within(again).queryByText(/Morning|Afternoon/)).toBeNull();
  });

  it('shows the buyer, their preferred contact, the survey, the agreement dates and the history', async () => {
    signIn(['Consultant']);
    serve(
      makeLeadDetail({
        agreement: {
          start: '2026-11-20T10:00:00.000Z',
          termEnd: '2027-03-20T10:00:00.000Z',
          phase: 'term',
          serviceEnd: null,
          tailEnd: '2027-05-22T10:00:00.000Z',
          canStop: true,
          stopRequestedAt: null,
        },
      }),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'wanted.com' })).toBeTruthy();
    const buyer = screen.getByRole('region', { name: 'Buyer' });
    expect(within(buyer).getByText('Ann Buyer')).toBeTruthy();
    expect(within(buyer).getByText('Phone call')).toBeTruthy();
    expect(within(buyer).getByText('5,000.00 USD')).toBeTruthy();
    const survey = screen.getByRole('region', { name: 'Survey Answers' });
    expect(within(survey).getByText('Is the owner a company?')).toBeTruthy();
    expect(within(survey).getByText('Mornings')).toBeTruthy();
    const agreement = screen.getByRole('region', { name: 'Agreement' });
    expect(within(agreement).getByText('Nov 20, 2026')).toBeTruthy();
    expect(within(agreement).getAllByText(/Mar 20, 2027/).length).toBeGreaterThan(0);
    expect(within(agreement).getByText('Until May 22, 2027')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'Status History' });
    expect(within(history).getByText('Paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Leads' }).getAttribute('href')).toBe(
      '/dashboard?tab=leads',
    );
    // a consultant cannot reassign
    expect(screen.queryByRole('region', { name: 'Reassign' })).toBeNull();
  });

  it('shows the server’s message when the lead cannot be read', async () => {
    signIn(['Consultant']);
    serve(makeLeadDetail({ UID: 'other' }));
    open(makeLeadDetail({ UID: 'missing' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Lead not found.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('saves the market analysis, refusing a range that does not hold', async () => {
    signIn(['Consultant']);
    serve(makeLeadDetail());
    open();
    const card = await screen.findByRole('region', { name: 'Market Analysis' });
    await userEvent.type(within(card).getByLabelText('Low (USD)'), '9000');
    await userEvent.type(within(card).getByLabelText('Value (USD)'), '8000');
    await userEvent.click(within(card).getByRole('button', { name: 'Save Analysis' }));
    expect(within(card).getByRole('alert').textContent).toContain(
      'The low estimate must not exceed the value',
    );
    expect(writes()).toHaveLength(0);
    await userEvent.clear(within(card).getByLabelText('Low (USD)'));
    await userEvent.type(within(card).getByLabelText('Low (USD)'), '6000');
    await userEvent.type(within(card).getByLabelText('High (USD)'), '12000');
    await userEvent.type(
      within(card).getByLabelText('What is known of the owner'),
      'A small agency in Lyon.',
    );
    await userEvent.type(within(card).getByLabelText('Expected timeline'), 'Four to six weeks.');
    await userEvent.click(within(card).getByRole('button', { name: 'Save Analysis' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Market analysis saved'));
    expect(writes()[0]).toEqual({
      method: 'PUT',
      path: '/api/consultant/leads/lead-1/marketAnalysis',
      body: {
        value: '8000',
        low: '6000',
        high: '12000',
        ownerNotes: 'A small agency in Lyon.',
        expectedTimeline: 'Four to six weeks.',
      },
    });
    expect(await within(card).findByText(/Last saved/)).toBeTruthy();
  });

  it('records a buyer-visible owner contact, asking for its channel first', async () => {
    signIn(['Consultant']);
    serve(makeLeadDetail());
    open();
    const card = await screen.findByRole('region', { name: 'Timeline' });
    expect(within(card).getByText('No Data Found!')).toBeTruthy();
    expect((within(card).getByLabelText('Step') as HTMLSelectElement).value).toBe('owner_contacted');
    await userEvent.click(within(card).getByRole('button', { name: 'Add Entry' }));
    expect(within(card).getByRole('alert').textContent).toBe('Please choose how the owner was contacted.');
    expect(writes()).toHaveLength(0);
    await userEvent.selectOptions(within(card).getByLabelText('Channel'), 'email');
    await userEvent.type(within(card).getByLabelText('Note'), 'Wrote to the registrant.');
    await userEvent.click(within(card).getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Timeline updated'));
    const post = writes()[0]!;
    expect(post.path).toBe('/api/consultant/leads/lead-1/timeline');
    expect(post.body).toMatchObject({
      kind: 'owner_contacted',
      channel: 'email',
      note: 'Wrote to the registrant.',
      buyerVisible: true,
    });
    expect(Date.parse(post.body!.occurredAt as string)).toBeLessThanOrEqual(Date.now());
    const entries = await within(card).findByRole('list', { name: 'Entries, newest first' });
    expect(within(entries).getByText('Owner contacted')).toBeTruthy();
    expect(within(entries).getByText('Buyer-visible')).toBeTruthy();
  });

  it('records an internal offer with its amount, and marks internal entries and buyer messages', async () => {
    signIn(['Consultant']);
    serve(
      makeLeadDetail({
        timeline: [
          {
            UID: 'm1',
            kind: 'buyer_message',
            channel: null,
            amount: '',
            note: 'Any news?',
            buyerVisible: true,
            occurredAt: '2026-11-22T08:00:00.000Z',
            createdAt: '2026-11-22T08:00:00.000Z',
            author: { name: 'Ann Buyer', role: 'buyer' },
          },
        ],
      }),
    );
    open();
    const card = await screen.findByRole('region', { name: 'Timeline' });
    expect(within(card).getByText('Any news?')).toBeTruthy();
    expect(within(card).getByText('From the buyer')).toBeTruthy();
    await userEvent.selectOptions(within(card).getByLabelText('Step'), 'offer_sent');
    await userEvent.type(within(card).getByLabelText('Amount (USD)'), '4500');
    await userEvent.click(within(card).getByLabelText('Internal (staff only)'));
    await userEvent.click(within(card).getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ kind: 'offer_sent', amount: '4500', buyerVisible: false });
    expect(writes()[0]!.body).not.toHaveProperty('channel');
    expect(await within(card).findByText('Internal')).toBeTruthy();
    expect(within(card).getByText('4,500.00 USD')).toBeTruthy();
  });

  it('accepts an alternate with a note to the buyer', async () => {
    signIn(['Consultant']);
    serve(
      makeLeadDetail({
        opportunities: [
          {
            UID: 'o1',
            domainName: 'wanted.net',
            offerAmount: '3000',
            status: 'pending',
            decisionNote: '',
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        ],
      }),
    );
    open();
    const card = await screen.findByRole('region', { name: 'Alternate Domains' });
    await userEvent.type(within(card).getByLabelText('Note to the buyer'), 'Worth a try.');
    const accept = within(card).getByRole('button', { name: 'Accept' });
    expect(accept.getAttribute('aria-describedby')).toBe(within(card).getByText('wanted.net').id);
    await userEvent.click(accept);
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Alternate domain updated'));
    expect(writes()[0]).toEqual({
      method: 'PATCH',
      path: '/api/consultant/opportunities/o1',
      body: { status: 'accepted', note: 'Worth a try.' },
    });
    expect(await within(card).findByText('Accepted')).toBeTruthy();
    expect(within(card).getByText('Worth a try.')).toBeTruthy();
  });

  it('marks the lead sold behind a dialog, with a live commission preview', async () => {
    signIn(['Consultant']);
    serve(makeLeadDetail());
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Sold' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark wanted.com Sold' });
    const preview = within(dialog).getByTestId('commission-preview');
    expect(preview.textContent).toContain('15%');
    await userEvent.type(within(dialog).getByLabelText('Sale price (USD)'), '1000');
    expect(preview.textContent).toBe('Commission: 250.00 USD (the minimum; 15% would be less)');
    await userEvent.type(within(dialog).getByLabelText('Sale price (USD)'), '0');
    expect(preview.textContent).toBe('Commission: 1,500.00 USD (15% of the price)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Sale' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Lead updated successfully'));
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      path: '/api/consultant/leads/lead-1/close',
      body: { outcome: 'sold', soldPrice: '10000' },
    });
    expect(await screen.findByTestId('sale-commission')).toBeTruthy();
    expect(screen.getByTestId('sale-commission').textContent).toContain('1,500.00 USD');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark Sold' })).toBeNull();
  });

  it('previews 20% on top for a registrar’s customer', async () => {
    signIn(['Consultant']);
    serve(makeLeadDetail({ registrarUID: 'r1' }));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Sold' }));
    await userEvent.type(screen.getByLabelText('Sale price (USD)'), '1000');
    expect(screen.getByTestId('commission-preview').textContent).toBe(
      'Commission: 200.00 USD (20% of the price)',
    );
  });

  it('declines and refunds with a reason, and shows the server’s refusal', async () => {
    signIn(['Consultant']);
    let refuse = true;
    serve(makeLeadDetail(), (call) =>
      call.path.endsWith('/close') && refuse
        ? jsonResponse(409, { message: 'This lead is already closed.', code: 'CONFLICT' })
        : undefined,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline and Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline wanted.com and Refund' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Decline and Refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please give the reason.');
    expect(writes()).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The owner will not sell.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Decline and Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This lead is already closed.');
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Decline and Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes().at(-1)!.body).toEqual({ outcome: 'declined', reason: 'The owner will not sell.' });
    expect(await screen.findByText('The owner will not sell.')).toBeTruthy();
    expect(screen.getAllByText('Refunded').length).toBeGreaterThan(0);
  });

  it('cancels with a reason', async () => {
    signIn(['Consultant']);
    serve(makeLeadDetail());
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Lead' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel wanted.com' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The buyer bought it elsewhere.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancel' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({ outcome: 'canceled', reason: 'The buyer bought it elsewhere.' });
  });

  it('lets an admin reassign the lead', async () => {
    signIn(['Admin']);
    serve(makeLeadDetail());
    open();
    const card = await screen.findByRole('region', { name: 'Reassign' });
    await within(card).findByRole('option', { name: 'Carl Closer' });
    // the current broker is not offered
    expect(within(card).queryByRole('option', { name: 'Bea Broker' })).toBeNull();
    await userEvent.selectOptions(within(card).getByLabelText('New broker'), 'c2');
    await userEvent.click(within(card).getByRole('button', { name: 'Reassign Lead' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Lead reassigned'));
    expect(writes()[0]).toEqual({
      method: 'PATCH',
      path: '/api/consultant/leads/lead-1/assign',
      body: { consultantUID: 'c2' },
    });
    expect(within(screen.getByRole('region', { name: 'Buyer' })).getByText('Carl Closer')).toBeTruthy();
  });
});
