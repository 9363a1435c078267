import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, useConfigStore } from '#portal/lib/config.ts';
import { ensureCatalog } from '#portal/lib/i18n.ts';
import { renderWithApp } from '#portal/test/render.tsx';
import { NOTABLE_SALES } from '../content/sell-content.ts';
import { SellPage } from './sell-page.tsx';

beforeEach(async () => {
  await ensureCatalog('sell');
  useConfigStore.setState({ config: DEFAULT_CONFIG });
});

describe('/sell', () => {
  it('has the hero, both services, the figures, the brokers marked as samples and the process', () => {
    renderWithApp(<SellPage />, { path: '/sell' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No-Stress Domain Selling Service');
    expect(screen.getByRole('button', { name: 'Full Service Brokerage' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Self Service Brokerage' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Full Service Brokerage' })).toBeTruthy();
    expect(screen.getByText(/Sample profiles/)).toBeTruthy();
    expect(screen.getByText(/Sample testimonials/)).toBeTruthy();
    for (const figure of ['20', '1,000+', '15%', '100%']) expect(screen.getByText(figure)).toBeTruthy();
  });

  it('expands the notable sales', async () => {
    const user = userEvent.setup();
    renderWithApp(<SellPage />, { path: '/sell' });
    expect(screen.getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Show All Sales' }));
    expect(screen.getAllByRole('row')).toHaveLength(NOTABLE_SALES.length + 1);
  });

  it('Start Selling goes to the marketplace when configured, else to the sell form', () => {
    const { unmount } = renderWithApp(<SellPage />, { path: '/sell' });
    expect(screen.getAllByRole('link', { name: 'Start Selling' })[0]!.getAttribute('href')).toBe(
      '/sell-domain',
    );
    unmount();
    useConfigStore.setState({
      config: { ...DEFAULT_CONFIG, marketplaceLoginUrl: 'https://market.example/login' },
    });
    renderWithApp(<SellPage />, { path: '/sell' });
    expect(screen.getAllByRole('link', { name: 'Start Selling' })[0]!.getAttribute('href')).toBe(
      'https://market.example/login',
    );
  });
});
