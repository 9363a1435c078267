import type { TimelineEntry } from '@domain-broker/shared/schemas/broker';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { resetMyLeads, useLeadsStore } from '#portal/lib/leads.ts';
import { jsonResponse, makeLead } from '#portal/test/leads.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { BrokerWork } from './broker-work.tsx';

const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
  UID: 'e1',
  kind: 'owner_contacted',
  channel: 'email',
  amount: '',
  note: '',
  buyerVisible: true,
  occurredAt: '2026-11-20T00:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  author: { name: 'Bob Broker', role: 'broker' },
  ...over,
});

const paid = (over: Partial<Lead> = {}): Lead =>
  makeLead({
    status: 'new',
    paidAt: '2026-11-18T06:00:00.000Z',
    payments: [{ UID: 'p1', status: 'succeeded', amountPaid: 19.95, createdAt: '2026-11-18T06:00:00.000Z' }],
    timeline: [],
    agreement: {
      start: '2026-11-18T06:00:00.000Z',
      termEnd: '2027-03-18T06:00:00.000Z',
      phase: 'term',
      serviceEnd: null,
      tailEnd: null,
      canStop: true,
      stopRequestedAt: null,
    },
    ...over,
  });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  resetMyLeads();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  await ensureCatalog('dashboard');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the broker's work on the buyer's dashboard", () => {
  it('says the broker is researching while nothing is recorded yet', () => {
    renderWithApp(<BrokerWork lead={paid()} />);
    expect(screen.getByText(/Your broker is researching wanted\.com/)).toBeTruthy();
  });

  it('shows the steps newest first, with channel, amount and note, and the market analysis', () => {
    const lead = paid({
      timeline: [
        entry({
          UID: 'a',
          kind: 'owner_contacted',
          channel: 'phone',
          occurredAt: '2026-11-19T00:00:00.000Z',
        }),
        entry({
          UID: 'b',
          kind: 'offer_sent',
          channel: null,
          amount: '4000',
          note: 'First offer, below your budget.',
          occurredAt: '2026-11-21T00:00:00.000Z',
        }),
      ],
      brokerAnalysis: {
        value: '5000',
        low: '3000',
        high: '8000',
        ownerNotes: 'A small company, holding it since 2009.',
        expectedTimeline: 'Four to six weeks',
        updatedAt: '2026-11-19T10:00:00.000Z',
      },
    });
    renderWithApp(<BrokerWork lead={lead} />);
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps[0]?.textContent).toContain('Offer sent · 4000 USD');
    expect(steps[0]?.textContent).toContain('First offer, below your budget.');
    expect(steps[1]?.textContent).toContain('Owner contacted by phone');
    expect(screen.getByText(/5000 USD/)).toBeTruthy();
    expect(screen.getByText(/range 3000 – 8000 USD/)).toBeTruthy();
    expect(screen.getByText('Four to six weeks')).toBeTruthy();
  });

  it('sends a message to the broker, refusing an empty one', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/leads/lead-1/messages')) {
        const body = JSON.parse(String(init?.body ?? (input as Request).body ?? '{}'));
        return jsonResponse(201, { data: entry({ UID: 'm', kind: 'buyer_message', note: body.message }) });
      }
      if (url.includes('/getMyLeads')) return jsonResponse(200, { data: [paid()] });
      return jsonResponse(404, { message: 'Not found' });
    });
    renderWithApp(<BrokerWork lead={paid()} />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please write a message.');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Message your broker'), 'Any news from the owner?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await vi.waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u]) => String(u instanceof Request ? u.url : u).includes('/messages')),
      ).toBe(true),
    );
    await vi.waitFor(() =>
      expect((screen.getByLabelText('Message your broker') as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it('stops the service after confirming, saying when it ends during the term', async () => {
    const user = userEvent.setup();
    const stopped = paid({
      agreement: {
        start: '2026-11-18T06:00:00.000Z',
        termEnd: '2027-03-18T06:00:00.000Z',
        phase: 'term',
        serviceEnd: '2027-03-18T06:00:00.000Z',
        tailEnd: null,
        canStop: false,
        stopRequestedAt: '2026-11-24T06:00:00.000Z',
      },
    });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/leads/lead-1/stopService')) return jsonResponse(200, { data: stopped });
      return jsonResponse(404, { message: 'Not found' });
    });
    renderWithApp(<BrokerWork lead={paid()} />);
    await user.click(screen.getByRole('button', { name: 'Stop the Service' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(/keeps working until the initial term ends/);
    await user.click(within(dialog).getByRole('button', { name: 'Stop the Service' }));
    await vi.waitFor(() =>
      expect(useLeadsStore.getState().leads?.[0]?.agreement?.stopRequestedAt).toBeTruthy(),
    );
  });

  it('shows the sale with our commission, and the reason of a declined lead', () => {
    const { unmount } = renderWithApp(
      <BrokerWork
        lead={paid({
          status: 'sold',
          sale: {
            soldDate: '2026-12-01T00:00:00.000Z',
            price: '1000',
            commission: '250',
            commissionRule: 'minimum',
            commissionPercent: 15,
            channel: 'direct',
          },
        })}
      />,
    );
    expect(screen.getByText(/250 USD/).textContent).toContain('the minimum commission');
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
    unmount();
    renderWithApp(
      <BrokerWork lead={paid({ status: 'refunded', closeReason: 'The owner refuses to sell.' })} />,
    );
    expect(screen.getByText(/The owner refuses to sell\./)).toBeTruthy();
  });
});
