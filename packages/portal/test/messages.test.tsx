/**
 * No toast or error text may show a bare message id ('/L3DiJ') or be compiled at run time
 * ("Uncompiled message detected!"). A message is looked up in the catalogs the page loaded, so each
 * case below is drawn with exactly the catalogs of its route (app + the route's), in both languages:
 * every known server error, every server success text, every shared form message, the appraisal
 * answers, and the registrar enquiry's answers and failures (the defect's own path).
 */
import { ERRORS, SUCCESS } from '@domain-broker/shared/errors';
import { FIELD_MESSAGES, type FieldMessageCode } from '@domain-broker/shared/field-messages';
import type { SuccessCode } from '@domain-broker/shared/success';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../src/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  dismissErrors: vi.fn(),
  loadToast: vi.fn(),
}));

import { failureText } from '../src/features/appraisal/components/messages.ts';
import { EnquiryForm } from '../src/features/registrar/components/enquiry-form.tsx';
import { enquiryMessage } from '../src/features/registrar/utils/form-messages.ts';
import { ApiError, handleApiError } from '../src/lib/api.ts';
import {
  activateLocale,
  type CatalogName,
  ensureCatalog,
  i18n,
  type Locale,
  unloadCatalogs,
} from '../src/lib/i18n.ts';
import { FIELD_TEXTS, messageText, SUCCESS_TEXTS } from '../src/lib/messages.ts';
import { notifyError, notifySuccess } from '../src/lib/notify.ts';
import { useOverlays } from '../src/lib/overlays.ts';
import { renderWithApp } from './render.tsx';

/** Lingui ids are 6 characters of base64 (a-z, A-Z, 0-9, + and /). */
const LOOKS_LIKE_ID = /^[A-Za-z0-9+/]{6}$/;
const LOCALES: Locale[] = ['en', 'zh'];

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  // the other suites expect the usual set (test/setup.ts)
  unloadCatalogs();
  await activateLocale('en');
  await ensureCatalog('account');
});

/** Only the catalogs a route of `catalog` loads, in `locale`. */
async function onlyCatalogs(locale: Locale, catalog: Exclude<CatalogName, 'app'> | null) {
  unloadCatalogs();
  await activateLocale(locale);
  if (catalog) await ensureCatalog(catalog);
}

function expectReadable(texts: string[]) {
  for (const text of texts) {
    expect(text, 'a message id instead of a text').not.toMatch(LOOKS_LIKE_ID);
    expect(text.trim().length).toBeGreaterThan(0);
  }
  expect(warnings.filter((w) => /Uncompiled message|not loaded/i.test(w))).toEqual([]);
}

const toastTexts = () => [
  ...vi.mocked(notifyError).mock.calls.map(([text]) => text),
  ...vi.mocked(notifySuccess).mock.calls.map(([text]) => text),
];

describe.each(LOCALES)('messages in %s', (locale) => {
  it('every server error code the shell translates, on any page (app catalog only)', async () => {
    await onlyCatalogs(locale, null);
    for (const [code, { message }] of Object.entries(ERRORS)) {
      handleApiError(new ApiError(400, { message, code }, ''));
    }
    handleApiError(new ApiError(0, null, ''));
    expectReadable(toastTexts());
  });

  it.each(['account', 'registrar', 'appraisal'] as const)(
    'every server success text and shared form message on a %s screen',
    async (catalog) => {
      await onlyCatalogs(locale, catalog);
      const texts = [
        ...(Object.keys(SUCCESS_TEXTS) as SuccessCode[]).map((code) =>
          messageText({ message: SUCCESS[code], code }, i18n),
        ),
        ...Object.values(FIELD_MESSAGES).map((m) => messageText(m, i18n)),
      ];
      expectReadable(texts);
      if (locale === 'zh') {
        // every code the portal's tables know is shown in Chinese, never as the server's English
        for (const code of Object.keys(SUCCESS_TEXTS) as SuccessCode[])
          expect(messageText({ message: SUCCESS[code], code }, i18n), code).not.toBe(SUCCESS[code]);
        for (const code of Object.keys(FIELD_TEXTS) as FieldMessageCode[])
          expect(messageText({ message: FIELD_MESSAGES[code], code }, i18n), code).not.toBe(
            FIELD_MESSAGES[code],
          );
      }
    },
  );

  it('the enquiry form messages and the appraisal answers on their screens', async () => {
    await onlyCatalogs(locale, 'registrar');
    expectReadable(['Please Enter Your Name', 'not a valid domain'].map((m) => enquiryMessage(m, i18n)));
    await onlyCatalogs(locale, 'appraisal');
    const codes = ['APPRAISAL_DAILY_LIMIT', 'APPRAISAL_IN_PROGRESS', 'DOMAIN_INVALID', 'RATE_LIMITED', 'X'];
    expectReadable(codes.map((code) => failureText({ code, message: '' } as never, i18n)));
  });

  it.each([
    [207, { message: SUCCESS.EMAIL_VERIFICATION_REQUIRED, data: { email: 'ann@example.com' } }],
    [203, { message: SUCCESS.USER_EXISTS }],
    [201, { message: SUCCESS.PASSWORD_SENT }],
    [400, { message: 'Invalid user credentials', code: 'INVALID_CREDENTIALS' }],
    [409, { message: 'Some new server text', code: 'SOMETHING_NEW' }],
    [500, { message: 'Something went wrong!', code: 'INTERNAL' }],
  ] as const)(
    'the registrar enquiry answered %i: toasts and window texts are readable',
    async (status, body) => {
      await onlyCatalogs(locale, 'registrar');
      vi.stubGlobal(
        'fetch',
        vi.fn(
          async () =>
            new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
        ),
      );
      history.replaceState(null, '', '/registrar-landing-page');
      const user = userEvent.setup();
      renderWithApp(<EnquiryForm registrarUID="demo-registrar" />, { path: '/registrar-landing-page' });
      const inputs = screen.getAllByRole('textbox');
      const values = ['Ann Buyer', 'ann@example.com', '+14155550100', 'wanted', '2500'];
      for (const [i, input] of inputs.entries()) {
        await user.clear(input);
        await user.type(input, values[i] ?? 'x');
      }
      const password = document.querySelector<HTMLInputElement>('input[autocomplete="new-password"]')!;
      await user.type(password, 'Strong@Pass1');
      await user.click(document.querySelector<HTMLButtonElement>('form button[type="submit"]')!);
      const alertText = () =>
        (useOverlays.getState().open.alert as { message?: string } | undefined)?.message;
      const shown = () => [
        ...toastTexts(),
        ...[...document.querySelectorAll('[role="alert"]')].map((e) => e.textContent ?? ''),
        ...(alertText() ? [alertText()!] : []),
      ];
      await waitFor(() => expect(shown().length).toBeGreaterThan(0));
      expectReadable(shown());
    },
  );
});
