/**
 * Forgot password → code from the outbox → reset → sign-in with the new password
 * (docs/product.md "Account screens").
 */
import { describe, expect, it } from 'vitest';
import { createUserViaApi, loginViaApi } from '../support/api.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { atPath, shows } from '../support/expect.ts';
import { codeFrom, readOutbox } from '../support/mail.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();
const NEW_PASSWORD = 'Fresh@Pass2';

describe('forgot password', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`resets the password with the mailed code and signs in with the new one (${size})`, async () => {
      const user = await createUserViaApi();
      const page = await newPage({ viewport });

      // From the sign-in screen's link.
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await atPath(page, '/forgot-password');

      // Email step: 'Send OTP'; a malformed address gets the recovery message.
      await shows(page.getByRole('button', { name: 'Send OTP' }));
      await screenshot(page, `forgot-password-email-${size}`);
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await shows(page.getByText('Please Enter Valid Email Address'));
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
      const since = Date.now();
      await page.getByRole('button', { name: 'Send OTP' }).click();

      // OTP step: code, new password, confirm password; 'Change Email?', 'Resend OTP?', 'Return to Main Page'.
      await shows(
        page.getByRole('button', { name: 'Resend OTP?' }).or(page.getByRole('link', { name: 'Resend OTP?' })),
      );
      await shows(
        page
          .getByRole('button', { name: 'Change Email?' })
          .or(page.getByRole('link', { name: 'Change Email?' })),
      );
      await shows(
        page
          .getByRole('link', { name: 'Return to Main Page' })
          .or(page.getByRole('button', { name: 'Return to Main Page' })),
      );
      const code = codeFrom(await readOutbox(user.email, { since, subject: /reset/i }));
      await screenshot(page, `forgot-password-otp-${size}`);

      await page.getByRole('textbox', { name: 'One-time code (OTP)' }).fill(code);
      await page.getByLabel(/^New password/i).fill(NEW_PASSWORD);
      await page.getByLabel(/^Confirm password/i).fill('Other@Pass3');
      const submit = page.getByRole('button', { name: 'Reset Password', exact: true });
      await submit.click();
      await shows(
        page.getByText(
          /^(password and confirm password must match|Passwords must match|Confirm password is not match\.)$/,
        ),
      );
      await page.getByLabel(/^Confirm password/i).fill(NEW_PASSWORD);
      await submit.click();

      // Done: the old password no longer works, the new one does, through the sign-in screen.
      await atPath(page, /^\/(login)?$/);
      await screenshot(page, `forgot-password-done-${size}`);
      const old = await loginViaApi(user.email, user.password);
      expect(old.status).toBe(400);
      expect(old.body.message).toBe('Invalid user credentials');

      const fresh = await newPage({ viewport });
      await fresh.goto('/login');
      await fresh.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
      await fresh.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await fresh.getByRole('button', { name: 'Sign In', exact: true }).click();
      await shows(fresh.getByRole('link', { name: 'Your profile' }));
      await screenshot(fresh, `signed-in-after-reset-${size}`);
    });
  }
});
