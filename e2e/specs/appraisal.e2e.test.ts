/**
 * The appraisal page through the browser (docs/product.md "Appraisal page"). A guest appraises a
 * domain and sees its value and reasons, reaches the guest limit (1 a day) and is offered a free
 * account (decision A36), signs in from there and the appraisal runs again, continues appraising, and mails a certificate that
 * arrives in the outbox (docs/product.md "Appraisal page", "Appraisal"; ADR 010).
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserViaApi, signInPage } from '../support/api.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { baseURL } from '../support/env.ts';
import { atPath, gone, shows } from '../support/expect.ts';
import { readOutbox } from '../support/mail.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

/** Holds the next matching request until `release()`, so a passing state (loading, sending) can be looked at. */
async function hold(page: Page, pattern: string) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  let continued: Promise<void> = Promise.resolve();
  await page.route(
    pattern,
    (route: Route) => {
      continued = gate.then(() => route.continue());
      return continued;
    },
    { times: 1 },
  );
  return {
    release: async () => {
      open();
      await continued;
    },
  };
}

async function appraise(page: Page, domain: string) {
  const input = page.getByLabel('Domain name');
  await input.fill(domain);
  await page.getByRole('button', { name: 'Get Value' }).click();
}

const result = (page: Page) => page.getByTestId('appraisal-result');
const reasons = (page: Page) =>
  result(page).getByRole('region', { name: 'Why this value' }).getByRole('listitem');

async function noSidewaysScroll(page: Page) {
  const by = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(by, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

describe('appraisal page', () => {
  it('guest appraises, hits the limit, signs in, continues, and mails a certificate', async () => {
    const user = await createUserViaApi();
    const page = await newPage({ viewport: DESKTOP });

    // The menu leads to the page; a guest has 1 appraisal a day.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appraise' }).click();
    await atPath(page, '/appraisal');
    await shows(page.getByRole('heading', { level: 1, name: 'Domain appraisal' }));
    await shows(page.getByText('1 appraisal left today'));
    await shows(page.getByText('no search history found'));
    await screenshot(page, 'appraisal-guest-idle');

    // Validation (docs/product.md "Validation rules").
    await page.getByRole('button', { name: 'Get Value' }).click();
    await shows(page.getByText('enter a valid domain'));
    await appraise(page, 'cloud$kitchen');
    await shows(page.getByText('not a valid domain'));
    await screenshot(page, 'appraisal-validation');

    // The loading screen, held until looked at, then the result.
    const put = await hold(page, '**/api/appraisalDetails/**');
    await appraise(page, 'cloudkitchen.com');
    await shows(page.getByText('Computing more than 216 data points…'));
    await screenshot(page, 'appraisal-loading');
    await put.release();
    await shows(result(page));
    const value = (await result(page).getByTestId('appraised-value').textContent()) ?? '';
    expect(value).toMatch(/^\$[\d,]+$/);
    await shows(result(page).getByText('Value range'));
    await shows(result(page).getByText(/confidence$/));
    await shows(result(page).getByText('Suggested list price'));
    // A guest reads 5 reasons; the rest needs a login.
    expect(await reasons(page).count()).toBe(5);
    await shows(result(page).getByRole('button', { name: 'Read More' }));
    await shows(page.getByText('0 appraisals left today'));
    await shows(page.getByRole('button', { name: /cloudkitchen\.com/ }));
    await screenshot(page, 'appraisal-guest-result');

    // The guest's second appraisal today: the limit message and the create-free-account window.
    await appraise(page, 'brightsolar.io');
    await shows(
      page.getByTestId('appraisal-error').getByText('you have reached the maximum appraisal limit today'),
    );
    const offer = page.getByRole('dialog', { name: 'Create a free account' });
    await shows(offer);
    await screenshot(page, 'appraisal-guest-limit-offer');
    await offer.getByRole('button', { name: 'Sign In', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Sign In as a Buyer' });
    await shows(login);
    await atPath(page, '/login');
    await screenshot(page, 'appraisal-guest-limit-login');

    // Signing in there replays the appraisal; the guest's search joins the user's history.
    await login.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
    await login.getByLabel('Password', { exact: true }).fill(user.password);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await gone(login);
    await atPath(page, '/appraisal');
    await shows(result(page).getByRole('heading', { name: 'brightsolar.io' }));
    await shows(page.getByText('4 appraisals left today'));
    const historyList = page.getByRole('region', { name: 'Your recent appraisals' });
    await shows(historyList.getByRole('button', { name: /cloudkitchen\.com/ }));
    await shows(historyList.getByRole('button', { name: /brightsolar\.io/ }));
    await screenshot(page, 'appraisal-after-sign-in');

    // Continues appraising.
    await appraise(page, 'greenharbor.net');
    await shows(result(page).getByRole('heading', { name: 'greenharbor.net' }));
    await shows(page.getByText('3 appraisals left today'));

    // A history entry shows again; signed in, every reason can be read.
    await historyList.getByRole('button', { name: /cloudkitchen\.com/ }).click();
    await shows(result(page).getByRole('heading', { name: 'cloudkitchen.com' }));
    const readMore = result(page).getByRole('button', { name: 'Read More' });
    await shows(readMore);
    await readMore.click();
    await shows(result(page).getByRole('button', { name: 'Read Less' }));
    expect(await reasons(page).count()).toBeGreaterThan(5);
    await screenshot(page, 'appraisal-read-more');

    // The certificate window: the user's email, required.
    await result(page).getByRole('button', { name: 'Email the Certificate' }).click();
    const modal = page.getByRole('dialog', { name: 'Email the appraisal certificate' });
    await shows(modal);
    const email = modal.getByLabel('Email');
    expect(await email.inputValue()).toBe(user.email);
    await email.fill('');
    await modal.getByRole('button', { name: 'Send' }).click();
    await shows(modal.getByText('Email field should not be empty.'));
    await email.fill(user.email);
    await screenshot(page, 'appraisal-certificate-window');

    // Sent: the history entry is marked until the answer, then the success toast.
    const since = Date.now();
    const post = await hold(page, '**/api/sendAppraisalCertificate');
    await modal.getByRole('button', { name: 'Send' }).click();
    await gone(modal);
    await shows(historyList.getByTestId('history-downloading'));
    await screenshot(page, 'appraisal-certificate-sending');
    await post.release();
    await shows(
      page.getByRole('status').filter({ hasText: 'Appraisal certificate sent to your email address' }),
    );
    await gone(historyList.getByTestId('history-downloading'));
    await screenshot(page, 'appraisal-certificate-sent');

    // The mail is in the outbox. GET /api/dev/outbox answers to, subject, text, html, status, messageId
    // and createdAt, not the attachments: the PDF is asserted through the text that announces it, and
    // the same certificate's PDF through the download endpoint.
    const mail = await readOutbox(user.email, {
      since,
      subject: /Appraisal certificate for cloudkitchen\.com/,
    });
    expect(mail.text).toContain('Attached is the appraisal certificate for cloudkitchen.com (PDF).');
    const pdf = await fetch(`${baseURL()}/api/appraisalCertificate/cloudkitchen.com.pdf`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // Choosing Appraise in the menu starts afresh.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Appraise' }).click();
    await gone(result(page));
    await shows(page.getByText("Enter a domain name and choose 'Get Value'", { exact: false }));
  });

  it('starts from the domainName query parameter and fits a phone screen', async () => {
    const user = await createUserViaApi();
    const page = await newPage({ viewport: PHONE });
    await signInPage(page, user);
    await page.goto('/appraisal?domainName=northpeak.co');
    await shows(result(page).getByRole('heading', { name: 'northpeak.co' }));
    expect(new URL(page.url()).search).toBe('');
    await shows(page.getByText('4 appraisals left today'));
    await shows(result(page).getByRole('button', { name: 'Download the Certificate' }));
    await noSidewaysScroll(page);
    await screenshot(page, 'appraisal-phone-result');

    // A share link for the certificate.
    await result(page).getByRole('button', { name: 'Share the Certificate' }).click();
    const link = page.getByLabel(/^Share link/);
    await shows(link);
    const url = await link.inputValue();
    const shared = await fetch(url.replace(/^https?:\/\/[^/]+/, baseURL()));
    expect(shared.status).toBe(200);
    expect(shared.headers.get('content-type')).toBe('application/pdf');
    await noSidewaysScroll(page);
    await screenshot(page, 'appraisal-phone-share');

    // The help and about variants of the appraisal tool.
    for (const path of ['/Faq-appraisal', '/about-us-appraisal']) {
      await page.goto(path);
      await shows(page.getByRole('heading', { level: 1 }));
      await noSidewaysScroll(page);
      await screenshot(page, `appraisal${path.toLowerCase().replace(/\W+/g, '-')}`);
    }
  });

  it('speaks Chinese', async () => {
    const page = await newPage({ viewport: DESKTOP, locale: 'zh-CN' });
    await page.goto('/appraisal');
    await shows(page.getByRole('heading', { level: 1, name: '域名估价' }));
    await shows(page.getByText('今天还可估价 1 次'));
    await page.getByLabel('域名', { exact: true }).fill('tealgarden.org');
    await page.getByRole('button', { name: '获取估值' }).click();
    await shows(result(page).getByText('估计市场价值'));
    await shows(result(page).getByRole('heading', { name: '估值理由' }));
    await screenshot(page, 'appraisal-zh-result');
  });
});
