import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import AppToaster from './toaster.tsx';

describe('toaster', () => {
  it('lets a toast be closed before its 15 seconds are up', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    render(
      <I18nProvider i18n={i18n}>
        <AppToaster />
      </I18nProvider>,
    );
    act(() => {
      toast.error('Invalid user credentials');
    });
    expect(await screen.findByText('Invalid user credentials')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close' })).toBeNull());
  });
});
