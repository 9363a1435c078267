import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissErrors, loadToast, notifyError, notifySuccess } from '../lib/notify.ts';
import AppToaster from './toaster.tsx';

function renderToaster() {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  render(
    <I18nProvider i18n={i18n}>
      <AppToaster />
    </I18nProvider>,
  );
}

/**
 * Toasts that are on screen, newest first. A dismissed toast stays in the DOM while it animates out;
 * react-hot-toast gives only the visible ones' wrappers a class.
 */
function visibleTexts(): string[] {
  return [...document.querySelectorAll('[data-rht-toaster] > div')]
    .filter((wrapper) => wrapper.className !== '')
    .map((wrapper) => wrapper.querySelector('[role="status"]')?.textContent ?? '');
}

afterEach(() => {
  act(() => toast.remove());
});

describe('toaster', () => {
  it('lets a toast be closed before its 15 seconds are up', async () => {
    renderToaster();
    act(() => {
      toast.error('Invalid user credentials');
    });
    expect(await screen.findByText('Invalid user credentials')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close' })).toBeNull());
  });

  it('shows at most two toasts, the newest', async () => {
    renderToaster();
    await loadToast();
    for (const text of ['one', 'two', 'three', 'four']) notifySuccess(text);
    await screen.findByText('four');
    await waitFor(() => expect(visibleTexts()).toEqual(['four', 'three']));
  });

  it('a success dismisses the error it resolves', async () => {
    renderToaster();
    notifyError('Invalid user credentials');
    await screen.findByText('Invalid user credentials');
    notifySuccess('Logged in successfully.');
    await screen.findByText('Logged in successfully.');
    await waitFor(() => expect(visibleTexts()).toEqual(['Logged in successfully.']));
  });

  it('dismissErrors (a navigation) takes the errors away and leaves the successes', async () => {
    renderToaster();
    notifySuccess('Link copied in clipboard');
    notifyError('Something went wrong');
    await screen.findByText('Something went wrong');
    act(() => dismissErrors());
    await waitFor(() => expect(visibleTexts()).toEqual(['Link copied in clipboard']));
  });
});
