import { MAX_ALLOWED_ORIGINS, type RegistrarOrigins } from '@domain-broker/shared/schemas/registrar-origins';
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
import { notifySuccess } from '#portal/lib/notify.ts';
import { mockServer, signInStaff } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import { SNIPPET_KINDS, snippet } from '../utils/snippets.ts';
import IntegrationPage from './integration-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;
const PORTAL = window.location.origin;

const answer = (origins: string[]): RegistrarOrigins => ({
  registrarUID: 'demo-registrar',
  name: 'Demo Registrar',
  origins,
  maxOrigins: MAX_ALLOWED_ORIGINS,
});

/** A registrar's list on a fake server that adds and removes like the real one. */
function serve(initial: string[]) {
  let list = [...initial];
  server.answer((call) => {
    if (call.path !== '/api/registrar/origins') return undefined;
    if (call.method === 'GET') return jsonResponse(200, { data: answer(list) });
    const origin = String(call.body?.origin ?? '');
    if (call.method === 'POST') {
      if (list.includes(origin))
        return jsonResponse(409, {
          code: 'ORIGIN_ALREADY_ADDED',
          message: 'This origin is already in your list.',
        });
      list = [...list, origin];
      return jsonResponse(201, {
        message: 'Origin added: the widget may now be embedded there.',
        data: answer(list),
      });
    }
    if (call.method === 'DELETE') {
      list = list.filter((o) => o !== origin);
      return jsonResponse(200, {
        message: 'Origin removed: the widget no longer appears there.',
        data: answer(list),
      });
    }
    return undefined;
  });
}

const writeText = vi.fn(async (_text: string) => {});

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  server = mockServer(fetchMock);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  writeText.mockReset();
  await ensureCatalog('integration');
  signInStaff(['Registrar']);
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderAt(<IntegrationPage />, { path: '/dashboard/integration' });
/** user-event puts its own clipboard on navigator: ours goes back on top of it. */
const setupUser = () => {
  const user = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return user;
};

describe('the snippets', () => {
  it('are the four forms of the integration guide, filled in with the portal and the registrar id', () => {
    const all = SNIPPET_KINDS.map((k) => snippet(k, 'https://portal.test', 'acme-1'));
    expect(all[0]).toContain('<script async src="https://portal.test/widget.js"');
    expect(all[0]).toContain('data-registrar-id="acme-1"');
    expect(all[1]).toContain('(DomainBroker.q=DomainBroker.q||[]).push(arguments)');
    expect(all[1]).toContain("registrarId: 'acme-1'");
    expect(all[2]).toContain('npm install @domain-broker/widget-sdk');
    expect(all[2]).toContain("portalOrigin: 'https://portal.test'");
    expect(all[3]).toContain("from '@domain-broker/widget-sdk/react'");
    expect(all[3]).toContain('registrarId="acme-1"');
    for (const text of all) expect(text).not.toMatch(/PORTAL|YOUR-REGISTRAR-ID/);
  });
});

describe('the integration page', () => {
  it('shows the id, the four snippets with a copy button each, and a preview of both modes', async () => {
    serve(['https://www.example-registrar.com']);
    open();
    expect(await screen.findByText('demo-registrar')).toBeTruthy();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Copy your registrar ID' }));
    expect(writeText).toHaveBeenLastCalledWith('demo-registrar');
    for (const [kind, title] of [
      ['script', 'Script tag'],
      ['queue', 'Queue snippet (JavaScript)'],
      ['npm', 'npm package'],
      ['react', 'React'],
    ] as const) {
      expect(document.querySelector(`[data-snippet="${kind}"]`)?.textContent).toBe(
        snippet(kind, PORTAL, 'demo-registrar'),
      );
      await user.click(screen.getByRole('button', { name: `Copy the ${title} code` }));
      expect(writeText).toHaveBeenLastCalledWith(snippet(kind, PORTAL, 'demo-registrar'));
    }
    expect(screen.getAllByText('Copied').length).toBeGreaterThan(0);

    // the real frame pages of this portal, as a preview from the portal itself
    const message = screen.getByTitle('Widget preview, message mode') as HTMLIFrameElement;
    const search = screen.getByTitle('Widget preview, search mode') as HTMLIFrameElement;
    const m = new URL(message.src);
    expect(m.origin + m.pathname).toBe(`${PORTAL}/registrar-message`);
    expect(m.searchParams.get('registrarId')).toBe('demo-registrar');
    expect(m.searchParams.get('origin')).toBe(PORTAL);
    expect(new URL(search.src).pathname).toBe('/sample-registrar-flow');
    expect(message.getAttribute('sandbox')).not.toContain('allow-top-navigation');
  });

  it('says when copying is not possible', async () => {
    serve([]);
    writeText.mockRejectedValueOnce(new Error('denied'));
    open();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Copy your registrar ID' }));
    expect(await screen.findByText('Could not copy: please select the text and copy it.')).toBeTruthy();
  });

  it('adds an origin, refuses a bad one before sending, and shows the server’s refusal under the field', async () => {
    serve([]);
    open();
    expect(
      await screen.findByText('No origins yet: the widget appears nowhere until you add one.'),
    ).toBeTruthy();
    const user = userEvent.setup();
    const field = screen.getByLabelText('Origin');

    await user.type(field, 'http://shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Add Origin' }));
    expect(
      await screen.findByText('Only https origins are allowed (http only for localhost and 127.0.0.1).'),
    ).toBeTruthy();
    expect(server.writes()).toEqual([]);

    await user.clear(field);
    await user.type(field, 'https://Shop.Example.com/');
    await user.click(screen.getByRole('button', { name: 'Add Origin' }));
    const list = await screen.findByRole('list', { name: 'Allowed origins' });
    expect(within(list).getByText('https://shop.example.com')).toBeTruthy();
    // what the form sends is already normalised, as the server stores it
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/registrar/origins',
        query: {},
        body: { origin: 'https://shop.example.com' },
      },
    ]);
    expect(notifySuccess).toHaveBeenCalledWith('Origin added: the widget may now be embedded there.');
    expect(screen.getByText('1 of 20 origins')).toBeTruthy();

    await user.type(field, 'https://shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Add Origin' }));
    expect(await screen.findByText('This origin is already in your list.')).toBeTruthy();
  });

  it('removes an origin only after confirming, and can be used with the keyboard alone', async () => {
    serve(['https://a.example.com', 'https://b.example.com']);
    open();
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', { name: 'Remove https://a.example.com' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('The widget stops appearing on https://a.example.com at once.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove https://a.example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('https://a.example.com')).toBeNull());
    expect(screen.getByText('https://b.example.com')).toBeTruthy();
    expect(server.writes()).toEqual([
      {
        method: 'DELETE',
        path: '/api/registrar/origins',
        query: {},
        body: { origin: 'https://a.example.com' },
      },
    ]);
  });

  it('shows a failed load with Try Again, and tells other accounts the page is not for them', async () => {
    server.answer(() => jsonResponse(503, { code: 'INTERNAL', message: 'Something went wrong!' }));
    const first = open();
    expect(await screen.findByRole('alert')).toBeTruthy();
    serve(['https://a.example.com']);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('https://a.example.com')).toBeTruthy();

    first.unmount();
    signInStaff(['Buyer']);
    open();
    expect(await screen.findByText('This page is for registrar accounts.')).toBeTruthy();
  });

  it('is in Chinese with the zh catalog', async () => {
    await activateLocale('zh');
    await ensureCatalog('integration');
    serve([]);
    open();
    expect(await screen.findByRole('heading', { name: '小组件集成' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '添加来源' })).toBeTruthy();
    await activateLocale('en');
  });
});
