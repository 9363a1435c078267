/**
 * Every entry point leads somewhere (docs/product.md "Buy flow"): the buy flow through the browser against the real
 * server. Get Started and Buy open the domain + budget form (a guest signs in first and the action goes on),
 * the appraisal result hires a broker for its domain, a budget under 500 USD is a direct enquiry, the
 * registrar landing page's enquiry continues after verification to /hire-consultant or to 'Insufficient
 * Budget', and an investor is refused (docs/product.md "Buy flow", "Where sign-in goes"; product decisions
 * A9, A12, A13, A24).
 */
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createUserViaApi, PASSWORD, signInPage, uniqueEmail } from '../support/api.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { titleCaseProblem } from '../support/button-case.ts';
import { atPath, gone, shows } from '../support/expect.ts';
import { codeFrom, readOutbox } from '../support/mail.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

const CONFIRMATION =
  'Form Submitted, One of our agents will get back to you within one business day or less.';
const LANDING = '/registrar-landing-page?domainName=wanted&registrarId=demo-registrar';

const isCall = (method: string, path: string) => (r: Request) =>
  r.method() === method && new URL(r.url()).pathname === `/api${path}`;

const buyWindow = (page: Page) => page.getByRole('dialog', { name: 'Hire a Broker to Buy Your Domain' });

/** axe finds nothing, and the window's buttons are in Title Case (docs/ui-conventions.md). */
async function accessible(page: Page, window: Locator, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.length, `axe on ${what}:\n${describeViolations(violations)}`).toBe(0);
  for (const label of await window.getByRole('button').allInnerTexts()) {
    if (label.trim() && label.trim() !== '×') expect(titleCaseProblem(label.trim()), label).toBeNull();
  }
}

/** The checkout page is drawn for the lead just made. */
async function atCheckoutFor(page: Page, domain: string): Promise<void> {
  await atPath(page, '/hire-consultant');
  await shows(page.getByRole('button', { name: 'Hire a Broker' }));
  expect(await page.locator('[data-lead-domain]').textContent()).toBe(domain);
}

interface Lead {
  UID: string;
  registrarUID: string | null;
  domainName: string;
  offerAmount: string;
  status: string;
}

async function myLeads(token: string): Promise<Lead[]> {
  const answer = await api<Lead[]>('GET', '/getMyLeads', undefined, token);
  expect(answer.status).toBe(200);
  return answer.body.data ?? [];
}

/** The registrar landing page's enquiry, then the mailed code: the visitor is signed in. */
async function enquireAndVerify(page: Page, email: string, budget: string): Promise<void> {
  await page.goto(LANDING);
  await shows(page.getByText('Demo Registrar', { exact: true }));
  await page.getByRole('textbox', { name: 'Full name' }).fill('Wanda Wanted');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 415 555 0134');
  await page.getByRole('textbox', { name: 'Your budget (USD)' }).fill(budget);
  const since = Date.now();
  const sent = page.waitForRequest(isCall('POST', '/signUpWithDomain'));
  await page.getByRole('button', { name: 'Get Started' }).click();
  expect((await (await sent).response())?.status()).toBe(207);
  const dialog = page.getByRole('dialog', { name: 'Verify your email' });
  await shows(dialog);
  const code = codeFrom(await readOutbox(email, { since }));
  await dialog.getByLabel(/verification code/i).fill(code);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await gone(dialog);
}

describe('buy flow', () => {
  it('a guest presses Get Started, signs in, and the form goes on to /hire-consultant with a lead', async () => {
    const buyer = await createUserViaApi();
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();

    // a guest gets the sign-in window first
    const login = page.getByRole('dialog', { name: 'Sign In as a Buyer' });
    await shows(login);
    await login.getByRole('textbox', { name: 'Email' }).fill(buyer.email);
    await login.getByLabel('Password', { exact: true }).fill(buyer.password);
    await login.getByRole('button', { name: 'Sign In' }).click();

    // the action replays: the domain + budget form
    const form = buyWindow(page);
    await shows(form);
    await gone(login);
    await shows(form.getByText('Suggested minimum: 2,000 USD'));
    await screenshot(page, 'buy-form');
    await form.getByRole('button', { name: 'Continue' }).click();
    await shows(form.getByText('enter a valid domain', { exact: true }));
    await form.getByRole('textbox', { name: 'Domain name' }).fill('wanted.museum');
    await shows(form.getByText(/This extension is not supported/));
    await accessible(page, form, 'the buy form with an error');
    await form.getByRole('textbox', { name: 'Domain name' }).fill('Get-Started-Buyer.com');
    await form.getByRole('textbox', { name: 'Your budget (USD)' }).fill('2500');
    const created = page.waitForRequest(isCall('POST', '/leads'));
    await form.getByRole('button', { name: 'Continue' }).click();
    const request = await created;
    expect(request.postDataJSON()).toMatchObject({
      domainName: 'get-started-buyer.com',
      offerAmount: '2500',
    });
    expect((await request.response())?.status()).toBe(200);
    await atCheckoutFor(page, 'get-started-buyer.com');
    await gone(form);

    const [lead] = await myLeads(buyer.token);
    expect(lead).toMatchObject({
      domainName: 'get-started-buyer.com',
      offerAmount: '2500',
      status: 'pending',
    });
  });

  it('a guest who signs up instead (from the sign-in window) gets the form after verifying', async () => {
    const email = uniqueEmail('buy-signup');
    const page = await newPage({ viewport: DESKTOP });
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const login = page.getByRole('dialog', { name: 'Sign In as a Buyer' });
    await shows(login);
    await login.getByRole('link', { name: 'Create an account' }).click();
    await atPath(page, '/signup');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/i).fill(PASSWORD);
    await page
      .getByRole('checkbox', { name: 'I accept the privacy policy and the terms of service.' })
      .check();
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    await shows(verify);
    await verify.getByLabel(/verification code/i).fill(codeFrom(await readOutbox(email, { since })));
    await verify.getByRole('button', { name: 'Proceed' }).click();
    await gone(verify);
    const form = buyWindow(page);
    await shows(form);
    await form.getByRole('textbox', { name: 'Domain name' }).fill('signed-up-buyer.net');
    await form.getByRole('textbox', { name: 'Your budget (USD)' }).fill('900');
    await form.getByRole('button', { name: 'Continue' }).click();
    await atCheckoutFor(page, 'signed-up-buyer.net');
  });

  it("a registrar's visitor who signs up on the sign-up screen without a budget gets 'Insufficient Budget' (the server's next)", async () => {
    const email = uniqueEmail('buy-next');
    const page = await newPage({ viewport: DESKTOP });
    // the start-up stores the registrar and the domain; the sign-up carries them
    await page.goto('/registrar-landing-page?domainName=nextstep.com&registrarId=demo-registrar');
    await shows(page.getByText('Demo Registrar', { exact: true }));
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/i).fill(PASSWORD);
    await page
      .getByRole('checkbox', { name: 'I accept the privacy policy and the terms of service.' })
      .check();
    const since = Date.now();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your email' });
    await shows(verify);
    await verify.getByLabel(/verification code/i).fill(codeFrom(await readOutbox(email, { since })));
    const verified = page.waitForResponse((r) => isCall('PATCH', '/verifyEmailByCode')(r.request()));
    await verify.getByRole('button', { name: 'Proceed' }).click();
    expect((await (await verified).json()).data.next).toBe('insufficient-budget');
    const window = page.getByRole('dialog', { name: 'Insufficient Budget' });
    await shows(window);
    const mail = page.waitForRequest(isCall('POST', '/sendLowBudgetMail'));
    await window.getByRole('button', { name: 'Close' }).click();
    expect((await mail).postDataJSON()).toMatchObject({ domainName: 'nextstep.com', sourceFrom: 'signUp' });
  });

  it("the appraisal result's Hire a Broker for This Domain carries the domain to /hire-consultant", async () => {
    const buyer = await createUserViaApi();
    const page = await newPage({ viewport: DESKTOP });
    await signInPage(page, buyer);
    await page.goto('/appraisal');
    await page.getByLabel('Domain name').fill('hirebroker.com');
    await page.getByRole('button', { name: 'Get Value' }).click();
    const result = page.getByTestId('appraisal-result');
    await shows(result, 60_000);
    await result.getByRole('button', { name: 'Hire a Broker for This Domain' }).click();

    const form = buyWindow(page);
    await shows(form);
    expect(await form.getByRole('textbox', { name: 'Domain name' }).inputValue()).toBe('hirebroker.com');
    await screenshot(page, 'buy-form-from-appraisal');
    // the appraised value is suggested when it is a budget the flow takes as a lead
    const budget = form.getByRole('textbox', { name: 'Your budget (USD)' });
    const suggested = await budget.inputValue();
    if (suggested !== '') expect(Number(suggested)).toBeGreaterThanOrEqual(500);
    await budget.fill('7500');
    await form.getByRole('button', { name: 'Continue' }).click();
    await atCheckoutFor(page, 'hirebroker.com');

    const [lead] = await myLeads(buyer.token);
    expect(lead).toMatchObject({ domainName: 'hirebroker.com', offerAmount: '7500', status: 'pending' });
  });

  it('a budget of 300 from the Buy menu is a direct enquiry answered with the confirmation', async () => {
    const buyer = await createUserViaApi();
    const page = await newPage({ viewport: PHONE });
    await signInPage(page, buyer);
    await page.goto('/');
    // under 801 px the menu is a sliding panel
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    // the menu's entry: the home page has a Buy button of its own
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Buy', exact: true })
      .click();

    const form = buyWindow(page);
    await shows(form);
    await form.getByRole('textbox', { name: 'Domain name' }).fill('small-budget.io');
    await form.getByRole('textbox', { name: 'Your budget (USD)' }).fill('300');
    const sent = page.waitForRequest(isCall('POST', '/createCloseLead'));
    await form.getByRole('button', { name: 'Continue' }).click();
    const request = await sent;
    expect(request.postDataJSON()).toMatchObject({ domainName: 'small-budget.io', offerAmount: '300' });
    await shows(form.getByText(CONFIRMATION));
    await screenshot(page, 'buy-form-enquiry-sent');
    await accessible(page, form, 'the enquiry confirmation (375 px)');
    await form.getByRole('button', { name: 'Okay!' }).click();
    await gone(form);
    await atPath(page, '/');
    // an enquiry is not a lead
    expect(await myLeads(buyer.token)).toEqual([]);
  });

  it('the registrar landing enquiry, once verified, continues to /hire-consultant, never back to an empty form', async () => {
    const email = uniqueEmail('buy-landing');
    const page = await newPage({ viewport: DESKTOP });
    await enquireAndVerify(page, email, '5000');
    await atCheckoutFor(page, 'wanted.com');
    await shows(page.getByRole('link', { name: 'Your profile' }));

    const login = await api<{ token: string }>('POST', '/login', { email, password: PASSWORD });
    const [lead] = await myLeads(login.body.data?.token ?? '');
    expect(lead).toMatchObject({
      domainName: 'wanted.com',
      offerAmount: '5000',
      status: 'pending',
      registrarUID: 'demo-registrar',
    });
  });

  it("a registrar's visitor with 300 gets 'Insufficient Budget'; leaving it sends the low-budget mail", async () => {
    const email = uniqueEmail('buy-low');
    const page = await newPage({ viewport: DESKTOP });
    await enquireAndVerify(page, email, '300');
    const window = page.getByRole('dialog', { name: 'Insufficient Budget' });
    await shows(window);
    await atPath(page, '/registrar-landing-page');
    await screenshot(page, 'buy-insufficient-budget');
    await accessible(page, window, "'Insufficient Budget'");

    // 'Increase the Budget' mails once and reopens the form with the domain, the budget in focus
    const mail = page.waitForRequest(isCall('POST', '/sendLowBudgetMail'));
    await window.getByRole('button', { name: 'Increase the Budget' }).click();
    const request = await mail;
    expect(request.postDataJSON()).toMatchObject({
      domainName: 'wanted.com',
      offerAmount: '300',
      lowBudgetNote: 'User decided to increase the budget.',
      registrarUID: 'demo-registrar',
    });
    expect((await request.response())?.status()).toBe(200);
    const form = buyWindow(page);
    await shows(form);
    expect(await form.getByRole('textbox', { name: 'Domain name' }).inputValue()).toBe('wanted.com');
    const budget = form.getByRole('textbox', { name: 'Your budget (USD)' });
    expect(await budget.evaluate((el) => el === document.activeElement)).toBe(true);
    await budget.fill('1500');
    await form.getByRole('button', { name: 'Continue' }).click();
    await atCheckoutFor(page, 'wanted.com');
  });

  it('the sign-in screen goes where the current lead says: unpaid to the checkout, paid to the agent page', async () => {
    const buyer = await createUserViaApi();
    const created = await api<Lead>(
      'POST',
      '/leads',
      { domainName: 'routing-buyer.com', offerAmount: '3000', referrerURL: '', formName: 'e2e' },
      buyer.token,
    );
    expect(created.status).toBe(200);
    const signIn = async () => {
      const page = await newPage({ viewport: DESKTOP });
      await page.goto('/login');
      const form = page.getByRole('main');
      await form.getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
      await form.getByLabel('Password', { exact: true }).fill(buyer.password);
      await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      return page;
    };
    await atCheckoutFor(await signIn(), 'routing-buyer.com');

    // paid (the sandbox takes Stripe's test PaymentMethod ids), the questions not answered yet
    const paid = await api(
      'POST',
      '/payments',
      { paymentID: 'pm_card_visa', amountPaid: 19.95, leadUID: created.body.data?.UID },
      buyer.token,
    );
    expect(paid.status).toBe(200);
    await atPath(await signIn(), '/agent-details-questions');
  });

  it('speaks Chinese: the form, its messages and the hint', async () => {
    const buyer = await createUserViaApi();
    const page = await newPage({ viewport: PHONE, locale: 'zh-CN' });
    await signInPage(page, buyer);
    await page.goto('/');
    await page.getByRole('button', { name: '立即开始' }).click();
    const form = page.getByRole('dialog', { name: '聘请经纪人购买您想要的域名' });
    await shows(form);
    await shows(form.getByText('建议最低预算：2,000 美元'));
    await form.getByRole('button', { name: '继续' }).click();
    await shows(form.getByText('请输入有效的域名', { exact: true }));
    const violations = await axeViolations(page);
    expect(violations.length, `axe on the buy form in Chinese:\n${describeViolations(violations)}`).toBe(0);
    await screenshot(page, 'buy-form-zh');
  });

  it('an investor is refused: the form says why and the server agrees', async () => {
    const email = uniqueEmail('investor');
    const since = Date.now();
    const signup = await api('POST', '/signup', {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      userInterested: 'Investor',
    });
    expect(signup.status).toBe(207);
    const code = codeFrom(await readOutbox(email, { since }));
    const verified = await api<{ token: string; user: Record<string, unknown> }>(
      'PATCH',
      '/verifyEmailByCode',
      {
        email,
        verificationCode: code,
      },
    );
    const session = verified.body.data;
    expect(session?.user.userInterested).toBe('Investor');
    if (!session) throw new Error('no session for the investor');

    const page = await newPage({ viewport: DESKTOP });
    await signInPage(page, { email, password: PASSWORD, ...session });
    await page.getByRole('button', { name: 'Get Started' }).click();
    const form = buyWindow(page);
    await shows(form);
    await shows(form.getByText('not allowed, please contact admin', { exact: true }));
    expect(await form.getByRole('textbox', { name: 'Domain name' }).count()).toBe(0);
    await screenshot(page, 'buy-investor-refused');

    const refused = await api(
      'POST',
      '/leads',
      { domainName: 'investor.com', offerAmount: '5000', referrerURL: '', formName: 'buy-form' },
      session.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('not allowed, please contact admin');

    // signing in on the sign-in screen: told so, and kept away from the buyer pages
    const fresh = await newPage({ viewport: DESKTOP });
    await fresh.goto('/login');
    const screen = fresh.getByRole('main');
    await screen.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await screen.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await screen.getByRole('button', { name: 'Sign In', exact: true }).click();
    await shows(fresh.getByRole('status').filter({ hasText: 'not allowed, please contact admin' }));
    await atPath(fresh, '/appraisal');
  });
});
