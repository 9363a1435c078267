import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  loadToast: vi.fn(),
}));

import { useConfigStore } from '#portal/lib/config.ts';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { readString, STORAGE_KEYS, writeString } from '#portal/lib/storage.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { SellDomainPage } from './sell-domain-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(path));

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (String(url).includes('/api/location')) return json(200, { data: { country_code: 'US' } });
    if (String(url).includes('/api/sell-domain'))
      return json(200, {
        message: 'ok',
        data: { id: '11111111-1111-4111-8111-111111111111', verified: false },
      });
    return json(200, { message: 'ok' });
  });
  useConfigStore.setState((s) => ({
    config: {
      ...s.config,
      sellNameservers: ['ns1.test.example', 'ns2.test.example'],
      sellOnboardingEmail: 'onboard@test.example',
    },
  }));
  sessionStorage.clear();
  localStorage.clear();
  await ensureCatalog('sell');
});
afterEach(() => vi.unstubAllGlobals());

const at = (url: string) => {
  history.replaceState(null, '', url);
  return renderWithApp(<SellDomainPage />, { path: '/sell-domain' });
};

describe('the sell form', () => {
  it("shows the spec's messages in multi-domain mode", async () => {
    const user = userEvent.setup();
    at('/sell-domain');
    await user.type(screen.getByLabelText('Domain names'), 'good.com, bad');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Domain name is not valid.')).toBeTruthy();
    for (const text of [
      "Full name can't be empty.",
      "Email address can't be empty.",
      "Phone number can't be empty.",
      'Please accept privacy policy & terms of service.',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByLabelText('Price (USD)')).toBeNull();
    expect(calls('/api/sell-domain')).toHaveLength(0);
  });

  it('asks price and minimum quote of at least 1 for one domain, then sends the referral data once', async () => {
    const user = userEvent.setup();
    writeString(STORAGE_KEYS.sellAppraise, 'one.com');
    writeString(STORAGE_KEYS.sellValue, '1800');
    at('/sell-domain?domain=one.com&ref=partner-7');
    await user.type(screen.getByLabelText('Price (USD)'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("Domain price can't be negative.")).toBeTruthy();
    expect(screen.getByText("Minimum quote can't be empty.")).toBeTruthy();
    await user.clear(screen.getByLabelText('Price (USD)'));
    await user.type(screen.getByLabelText('Price (USD)'), '2500');
    await user.type(screen.getByLabelText('Minimum quote (USD)'), '1000');
    await user.type(screen.getByLabelText('Full name'), 'Sam Seller');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Phone number'), '+14155550100');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls('/api/sell-domain')).toHaveLength(1));
    const sent = JSON.parse(String(calls('/api/sell-domain')[0]![1]?.body));
    expect(sent).toMatchObject({
      domain: 'one.com',
      name: 'Sam Seller',
      email: 'sam@example.com',
      formName: 'Appraisal Sell',
      ref: 'partner-7',
      price: '2500',
      minQuote: '1000',
      value: '1800',
    });
    await waitFor(() => expect(location.search).toBe('?show=thankyou'));
    expect(readString(STORAGE_KEYS.sellRef)).toBeNull();
    expect(readString(STORAGE_KEYS.sellAppraise)).toBeNull();
  });

  it('shows the nameservers; an empty comment goes to success with no call, a comment is sent', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('db.sellSubmission', JSON.stringify({ id: 'sub-1', verified: false }));
    const first = at('/sell-domain?show=thankyou');
    expect(screen.getByText('ns1.test.example')).toBeTruthy();
    expect(screen.getByText('ns2.test.example')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'onboard@test.example' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('All set')).toBeTruthy();
    expect(calls('/api/sell-comment')).toHaveLength(0);
    first.unmount();
    at('/sell-domain?show=comment');
    await user.type(screen.getByLabelText(/Anything our broker should know/), 'Call after 5pm');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('All set')).toBeTruthy();
    expect(JSON.parse(String(calls('/api/sell-comment/sub-1')[0]![1]?.body))).toEqual({
      comment: 'Call after 5pm',
    });
  });
});
