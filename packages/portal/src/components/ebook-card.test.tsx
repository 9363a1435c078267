import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#portal/test/render.tsx';
import { ebookFileName } from '../lib/ebook.ts';
import { ensureCatalog } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import { EbookCard } from './ebook-card.tsx';

const toasts = vi.hoisted(() => ({ error: [] as string[] }));
vi.mock('../lib/notify.ts', async (original) => ({
  ...(await original<typeof import('../lib/notify.ts')>()),
  notifyError: (text: string) => toasts.error.push(text),
}));

const REFUSED = 'You have downloaded E-book two times already.';
const fetchMock = vi.fn<typeof fetch>();
let calls: { url: string; auth: string | null }[] = [];
let saved: string[] = [];

beforeEach(async () => {
  calls = [];
  saved = [];
  toasts.error = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  let downloads = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
    calls.push({ url, auth: headers.get('authorization') });
    downloads += 1;
    if (downloads > 2)
      return new Response(JSON.stringify({ message: REFUSED, code: 'EBOOK_LIMIT' }), {
        status: 429,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(new Blob(['%PDF-1.7 e-book'], { type: 'application/pdf' }), {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="how-to-buy-a-domain-someone-else-owns.pdf"',
      },
    });
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:ebook', revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  useSession.getState().signIn('tok', { UID: 'u1', email: 'ann@example.com', roles: [] } as never);
  await ensureCatalog('after-purchase');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the e-book button', () => {
  it('names the file as the server does, else with the English name', () => {
    expect(ebookFileName('attachment; filename="how-to-buy-a-domain-someone-else-owns-zh.pdf"')).toBe(
      'how-to-buy-a-domain-someone-else-owns-zh.pdf',
    );
    expect(ebookFileName(null)).toBe('how-to-buy-a-domain-someone-else-owns.pdf');
    expect(ebookFileName('attachment; filename="../evil.sh"')).toBe(
      'how-to-buy-a-domain-someone-else-owns.pdf',
    );
  });

  it("downloads the PDF with the buyer's token and shows the server's refusal on the third try", async () => {
    const user = userEvent.setup();
    renderWithApp(<EbookCard />, { path: '/agent-details-questions' });
    const button = screen.getByRole('button', { name: 'Download E-book' });
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['how-to-buy-a-domain-someone-else-owns.pdf']));
    expect(calls[0]?.url).toMatch(/\/api\/ebook\?locale=en$/);
    expect(calls[0]?.auth).toBe('Bearer tok');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(2));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(toasts.error).toEqual([REFUSED]));
    expect(saved).toHaveLength(2);
  });
});
