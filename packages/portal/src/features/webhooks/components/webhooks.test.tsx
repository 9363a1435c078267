import type { WebhookDelivery, WebhookEndpoint } from '@domain-broker/shared/schemas/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  dismissErrors: vi.fn(),
  loadToast: vi.fn(),
}));

import { activateLocale, ensureCatalog } from '#portal/lib/i18n.ts';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import { useSession } from '#portal/lib/session.ts';
import { mockServer } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import WebhooksPage from './webhooks-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'ep-1',
  url: 'https://hooks.example.com/in',
  eventTypes: [],
  enabled: true,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '7',
  messageId: 'msg_1',
  eventType: 'webhook.test',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 204,
  lastError: null,
  lastAttemptAt: '2026-11-24T10:01:00.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-24T10:01:00.000Z',
  createdAt: '2026-11-24T10:01:00.000Z',
  ...over,
});

function signIn(roles: string[]) {
  useSession.getState().signIn('tok', {
    UID: 'me',
    email: 'rex@registrar.example',
    registrarUID: 'reg-1',
    roles: roles.map((roleType) => ({ role: { UID: roleType, roleType } })),
  } as never);
}

/** A small stand-in of the server's webhook endpoints, kept in memory. */
function serve(initial: WebhookEndpoint[] = []) {
  let endpoints = [...initial];
  const deliveries: WebhookDelivery[] = [];
  server.answer((call) => {
    if (call.path === '/api/webhooks/endpoints' && call.method === 'GET')
      return jsonResponse(200, { data: endpoints });
    if (call.path === '/api/webhooks/endpoints' && call.method === 'POST') {
      if (!String(call.body?.url).startsWith('https://'))
        return jsonResponse(400, { message: 'Please enter a valid https URL.', code: 'WEBHOOK_URL_INVALID' });
      const created = endpoint({
        id: 'ep-2',
        url: String(call.body?.url),
        eventTypes: (call.body?.eventTypes as WebhookEndpoint['eventTypes'] | undefined) ?? [],
      });
      endpoints.push(created);
      return jsonResponse(201, {
        message: 'Webhook endpoint added',
        data: { ...created, secret: 'whsec_first' },
      });
    }
    const m = /^\/api\/webhooks\/endpoints\/([^/]+)(?:\/(\w+))?$/.exec(call.path);
    if (m) {
      const [, id, action] = m;
      const found = endpoints.find((e) => e.id === id);
      if (!found) return jsonResponse(404, { message: 'Webhook endpoint is not found.', code: 'X' });
      if (call.method === 'PATCH') {
        Object.assign(found, call.body);
        return jsonResponse(200, { data: found });
      }
      if (call.method === 'DELETE') {
        endpoints = endpoints.filter((e) => e.id !== id);
        return jsonResponse(200, { message: 'Webhook endpoint deleted' });
      }
      if (action === 'rotate') return jsonResponse(200, { data: { ...found, secret: 'whsec_second' } });
      if (action === 'test') {
        const d = delivery({ id: String(deliveries.length + 1) });
        deliveries.unshift(d);
        return jsonResponse(200, { data: d });
      }
      if (action === 'deliveries') return jsonResponse(200, { data: deliveries });
    }
    const r = /^\/api\/webhooks\/deliveries\/([^/]+)\/redeliver$/.exec(call.path);
    if (r) return jsonResponse(200, { data: delivery({ id: r[1] as string }) });
    return undefined;
  });
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(notifySuccess).mockReset();
  vi.mocked(notifyError).mockReset();
  server = mockServer(fetchMock);
  signIn(['Registrar']);
  await ensureCatalog('webhooks');
});
afterEach(() => vi.unstubAllGlobals());

describe('the webhooks page', () => {
  it('adds an endpoint and shows its secret once, with Copy', async () => {
    serve();
    const user = userEvent.setup();
    renderAt(<WebhooksPage />, { path: '/dashboard/webhooks' });
    expect(await screen.findByText(/No endpoint yet/)).toBeTruthy();
    await user.type(screen.getByLabelText('Endpoint URL'), 'http://plain.example.com');
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a valid https URL.');
    await user.clear(screen.getByLabelText('Endpoint URL'));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://partner.example/hooks');
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_first');
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy Secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_first');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    expect(await screen.findByText('https://partner.example/hooks')).toBeTruthy();
    // Every event by default: sent as [] (all, also events added later).
    expect(server.writes().map((c) => c.body)).toEqual([
      { url: 'http://plain.example.com', eventTypes: [] },
      { url: 'https://partner.example/hooks', eventTypes: [] },
    ]);
  });

  it('picks the events of a new endpoint, and edits those of an endpoint', async () => {
    serve([endpoint({ eventTypes: ['lead.paid'] })]);
    const user = userEvent.setup();
    renderAt(<WebhooksPage />, { path: '/dashboard/webhooks' });
    expect((await screen.findByTestId('webhook-events')).textContent).toBe('Events: Initial fee paid');
    const add = screen.getByRole('group', { name: 'Events' });
    const boxes = within(add).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(7);
    expect(boxes.every((b) => b.checked)).toBe(true);
    // None ticked: refused before sending.
    for (const box of boxes) await user.click(box);
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://partner.example/hooks');
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    expect((await within(add).findByRole('alert')).textContent).toBe('Choose at least one event.');
    expect(server.writes()).toEqual([]);
    await user.click(within(add).getByRole('checkbox', { name: /lead\.sold/ }));
    await user.click(within(add).getByRole('checkbox', { name: /lead\.created/ }));
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }));
    expect(await screen.findByTestId('webhook-secret')).toBeTruthy();
    // Sent in the catalogue's order, whatever the order of the clicks.
    expect(server.writes().map((c) => c.body)).toEqual([
      { url: 'https://partner.example/hooks', eventTypes: ['lead.created', 'lead.sold'] },
    ]);
    const [first] = await screen.findAllByTestId('webhook-endpoint');
    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Edit Events' }));
    const edit = within(first as HTMLElement).getByRole('group', { name: 'Events' });
    expect(
      (within(edit).getAllByRole('checkbox') as HTMLInputElement[]).filter((b) => b.checked).length,
    ).toBe(1);
    await user.click(within(edit).getByRole('button', { name: 'Select All' }));
    await user.click(within(first as HTMLElement).getByRole('button', { name: 'Save Events' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Webhook endpoint updated'));
    expect(server.writes().at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/api/webhooks/endpoints/ep-1',
      body: { eventTypes: [] },
    });
    expect((await screen.findAllByTestId('webhook-events'))[0]?.textContent).toBe('Events: all');
  });

  it("shows the server's refusals and the events in Chinese", async () => {
    await activateLocale('zh');
    await ensureCatalog('webhooks');
    try {
      server.answer((call) =>
        call.method === 'GET'
          ? jsonResponse(200, { data: [] })
          : jsonResponse(409, {
              message: 'You can add at most 10 webhook endpoints.',
              code: 'WEBHOOK_ENDPOINT_LIMIT',
            }),
      );
      const user = userEvent.setup();
      renderAt(<WebhooksPage />, { path: '/dashboard/webhooks' });
      const events = await screen.findByRole('group', { name: '事件' });
      expect(within(events).getByRole('checkbox', { name: /已支付初始费用/ })).toBeTruthy();
      await user.type(screen.getByRole('textbox'), 'https://partner.example/hooks');
      await user.click(screen.getByRole('button', { name: '添加端点' }));
      expect((await screen.findByRole('alert')).textContent).toBe('最多可添加 10 个 Webhook 端点。');
    } finally {
      await activateLocale('en');
    }
  });

  it('sends a test event, shows the delivery log and redelivers', async () => {
    serve([endpoint()]);
    const user = userEvent.setup();
    renderAt(<WebhooksPage />, { path: '/dashboard/webhooks' });
    await user.click(await screen.findByRole('button', { name: 'Send Test Event' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Test event delivered'));
    const table = await screen.findByRole('table', { name: 'Delivery log' });
    const row = (await within(table).findByText('webhook.test')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Delivered')).toBeTruthy();
    expect(within(row).getByText('204')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/api/webhooks/deliveries/1/redeliver')).toBe(true),
    );
  });

  it('disables, rotates (secret shown once) and deletes after confirming', async () => {
    serve([endpoint()]);
    const user = userEvent.setup();
    renderAt(<WebhooksPage />, { path: '/dashboard/webhooks' });
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rotate Secret' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_second');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('https://hooks.example.com/in will receive no more events');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Endpoint' }));
    expect(await screen.findByText(/No endpoint yet/)).toBeTruthy();
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'PATCH /api/webhooks/endpoints/ep-1',
      'POST /api/webhooks/endpoints/ep-1/rotate',
      'DELETE /api/webhooks/endpoints/ep-1',
    ]);
  });

  it('shows an error with Try Again, and says the page is for registrars to anyone else', async () => {
    server.answer(() => jsonResponse(500, { message: 'Something went wrong', code: 'INTERNAL' }));
    const user = userEvent.setup();
    const { unmount } = renderAt(<WebhooksPage />, { path: '/dashboard/webhooks' });
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeTruthy();
    serve([endpoint()]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('https://hooks.example.com/in')).toBeTruthy();
    unmount();
    signIn(['User']);
    renderAt(<WebhooksPage />, { path: '/dashboard/webhooks' });
    expect(screen.getByText('Webhooks are for registrar partners.')).toBeTruthy();
  });
});
