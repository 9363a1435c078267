/**
 * The hire-a-broker checkout in Chromium against the real server (sandbox payments, TEST MODE): a
 * signed-in buyer with a pending lead pays with Stripe's test cards (plain, 3-D Secure Complete and
 * Fail, declined, insufficient funds) or with a 100% promo code an administrator made, lands on the
 * agent page, and refunds a purchase made in error from it. Then the Stripe mode: a second server whose
 * stripe-node talks to the local Stripe API stand-in (packages/server/src/test/stripe-standin.ts), and
 * a small stand-in for Stripe.js served for https://js.stripe.com through Playwright's routing.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../packages/server/src/test/stripe-standin.ts';
import { type ApiUser, api, createUserViaApi, loginViaApi, signInPage } from '../support/api.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { DESKTOP, launchChromium, PHONE, useBrowser } from '../support/browser.ts';
import { titleCaseProblem } from '../support/button-case.ts';
import { atPath, gone, shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';
import { repoRoot, type StartedServer, startServer } from '../support/server.mjs';

const { newPage } = useBrowser();

const CARDS = {
  ok: '4242 4242 4242 4242',
  threeDSecure: '4000 0027 6000 3184',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
};

const domain = () => `e2e-${randomBytes(4).toString('hex')}.com`;

/** A fresh buyer with a pending lead (POST /leads), signed in on /hire-consultant. */
async function buyerAtCheckout(
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
) {
  const user = await createUserViaApi();
  const domainName = domain();
  const lead = await api<{ UID: string }>(
    'POST',
    '/leads',
    { domainName, offerAmount: '5000', referrerURL: '', formName: 'e2e' },
    user.token,
  );
  expect(lead.status, JSON.stringify(lead.body)).toBe(200);
  const page = await newPage({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  });
  await signInPage(page, user);
  await page.goto('/hire-consultant');
  await shows(page.getByText(domainName));
  return { page, user, domainName };
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('E2E Buyer');
}

async function acceptConsents(page: Page) {
  await page.getByLabel('I accept the Privacy Policy and the Terms of Service.').check();
  await page.getByLabel(/I have read the disclaimer/).check();
}

const hire = (page: Page) => page.getByRole('button', { name: 'Hire a Broker' }).click();

async function expectAgentPage(page: Page) {
  await atPath(page, '/agent-details-questions');
  await shows(page.getByRole('heading', { name: 'Payment received' }));
  await shows(page.getByRole('heading', { name: 'Your broker' }));
}

async function leadsOf(user: ApiUser) {
  const answer = await api<{ status: string; payments: unknown[] }[]>(
    'GET',
    '/getMyLeads',
    undefined,
    user.token,
  );
  return answer.body.data ?? [];
}

async function buttonCaseProblems(page: Page): Promise<string[]> {
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('p'))
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter(Boolean),
  );
  return labels.flatMap((l) => {
    const problem = titleCaseProblem(l);
    return problem ? [`'${l}': ${problem}`] : [];
  });
}

describe('checkout (sandbox)', () => {
  it('shows the form in TEST MODE with the full-cost preview, accessible at phone size', async () => {
    const { page } = await buyerAtCheckout({ viewport: PHONE });
    await shows(page.getByText('TEST MODE', { exact: true }));
    await shows(page.getByText('Suggested minimum: 2,000 USD'));
    await shows(page.getByText('Example: bought at your budget of 5,000 USD, the commission is 750 USD.'));
    await shows(page.getByLabel('Card number'));
    await shows(page.getByLabel(/^Phone number/));
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scrolling at 375 px').toBeLessThanOrEqual(0);
    const violations = await axeViolations(page);
    expect(violations.length, describeViolations(violations)).toBe(0);
    expect(await buttonCaseProblems(page)).toEqual([]);
    await screenshot(page, 'checkout-phone');
  });

  // both pages at both sizes in Chinese too: no axe violation, no sideways scrolling (the English run
  // above and the payment test check the button labels' case)
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the checkout and the agent page in Chinese are accessible and fit (${size})`, async () => {
      const { page } = await buyerAtCheckout({ viewport, locale: 'zh-CN' });
      await shows(page.getByText('全部费用一览'));
      await shows(page.getByLabel('卡号'));
      await page.waitForLoadState('networkidle');
      const check = async (what: string) => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${what} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
        const violations = await axeViolations(page);
        expect(violations.length, `${what}: ${describeViolations(violations)}`).toBe(0);
        await screenshot(page, `${what}-zh-${size}`);
      };
      await check('checkout');
      await page.getByLabel('卡号').fill(CARDS.ok);
      await page.getByLabel('有效期').fill('12 / 34');
      await page.getByLabel('安全码（CVV）').fill('123');
      await page.getByLabel('持卡人姓名').fill('E2E Buyer');
      await page.getByLabel('我接受隐私政策和服务条款。').check();
      await page.getByLabel(/我已阅读免责声明/).check();
      await page.getByRole('button', { name: '聘请经纪人' }).click();
      await atPath(page, '/agent-details-questions');
      await shows(page.getByRole('button', { name: '退款' }));
      await check('agent-page');
    });
  }

  it('asks for the consents and the name on card before sending anything', async () => {
    const { page, user } = await buyerAtCheckout();
    await page.getByLabel('Card number').fill(CARDS.ok);
    await hire(page);
    await shows(page.getByText('Please Accept Privacy Policy and Terms of Service'));
    await shows(page.getByText('Kindly read the disclaimer before you progress further'));
    await shows(page.getByText('Please fill out name printed in card or Account holder name'));
    expect((await leadsOf(user))[0]?.status).toBe('pending');
  });

  it('pays with 4242 and shows the agent page with the card and the broker', async () => {
    const { page, user } = await buyerAtCheckout();
    await fillCard(page, CARDS.ok);
    await acceptConsents(page);
    await hire(page);
    await expectAgentPage(page);
    await shows(page.getByText('19.95 USD'));
    await shows(page.getByText('ending in 4242'));
    await shows(page.getByText('Success! The charge has been approved.'));
    // the broker's name only: no email or phone before the broker terms (decision B5)
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/@demo\.test/);
    const leads = await leadsOf(user);
    expect(leads[0]?.status).toBe('new');
    const violations = await axeViolations(page);
    expect(violations.length, describeViolations(violations)).toBe(0);
    expect(await buttonCaseProblems(page)).toEqual([]);
    await screenshot(page, 'agent-page');
  });

  it('completes 3-D Secure and pays', async () => {
    const { page } = await buyerAtCheckout();
    await fillCard(page, CARDS.threeDSecure);
    await acceptConsents(page);
    await hire(page);
    const dialog = page.getByRole('dialog', { name: '3-D Secure Authentication' });
    await shows(dialog);
    await screenshot(page, 'checkout-3ds');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await expectAgentPage(page);
  });

  it('failing 3-D Secure leaves the lead unpaid with the retry message', async () => {
    const { page, user } = await buyerAtCheckout();
    await fillCard(page, CARDS.threeDSecure);
    await acceptConsents(page);
    await hire(page);
    const dialog = page.getByRole('dialog', { name: '3-D Secure Authentication' });
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await shows(page.getByText('Payment is not completed, please retry.'));
    await gone(dialog);
    expect(new URL(page.url()).pathname).toBe('/hire-consultant');
    expect((await leadsOf(user))[0]?.status).toBe('pending');
    // the buyer may try again with another card
    await page.getByLabel('Card number').fill(CARDS.ok);
    await hire(page);
    await expectAgentPage(page);
  });

  it('shows the declined and the insufficient-funds cards under the card number', async () => {
    const { page, user } = await buyerAtCheckout();
    await fillCard(page, CARDS.declined);
    await acceptConsents(page);
    await hire(page);
    await shows(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }));
    await page.getByLabel('Card number').fill(CARDS.insufficientFunds);
    await hire(page);
    await shows(page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' }));
    expect(new URL(page.url()).pathname).toBe('/hire-consultant');
    expect((await leadsOf(user))[0]?.status).toBe('pending');
  });

  it('pays with a 100% promo code an administrator made: no card asked', async () => {
    const admin = await loginViaApi('admin@demo.test', 'Demo@Pass1');
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
    const validThru = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const made = await api(
      'POST',
      '/generatePromo',
      { code, offerPercent: 100, reUsableCount: 1, validThru },
      admin.body.data!.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);

    const { page, user } = await buyerAtCheckout();
    const field = page.getByLabel('Promo code');
    await field.fill('ABCDE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await shows(page.getByText('please enter a valid promo code'));
    await field.fill('NOSUCH1');
    await page.getByRole('button', { name: 'Apply' }).click();
    await shows(page.getByText('Promo code is invalid'));
    await field.fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await shows(page.getByText('100% discounted'));
    await gone(page.getByLabel('Card number'));
    await acceptConsents(page);
    await hire(page);
    await expectAgentPage(page);
    expect((await leadsOf(user))[0]?.status).toBe('new');
  });

  it('refunds a purchase made in error from the agent page', async () => {
    const { page, user } = await buyerAtCheckout();
    await fillCard(page, CARDS.ok);
    await acceptConsents(page);
    await hire(page);
    await expectAgentPage(page);
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund your payment?' });
    await dialog.getByRole('button', { name: 'Confirm Refund' }).click();
    await shows(page.getByRole('heading', { name: 'Your payment is refunded' }));
    await gone(page.getByRole('button', { name: 'Refund' }));
    expect((await leadsOf(user))[0]?.status).toBe('refunded');
    // a reload shows the refunded state from the server
    await page.reload();
    await shows(page.getByRole('heading', { name: 'Your payment is refunded' }));
  });

  it('speaks Chinese throughout, also in the parts loaded after the form and in the server answers', async () => {
    const { page } = await buyerAtCheckout({ locale: 'zh-CN' });
    await shows(page.getByRole('heading', { level: 1, name: '聘请经纪人' }));
    await shows(page.getByText('全部费用一览'));
    await page.getByLabel('卡号').fill(CARDS.declined);
    await page.getByLabel('有效期').fill('12 / 34');
    await page.getByLabel('安全码（CVV）').fill('123');
    await page.getByRole('button', { name: '聘请经纪人' }).click();
    await shows(page.getByText('请填写卡上印的姓名或账户持有人姓名'));
    await shows(page.getByText('请先阅读免责声明再继续'));
    await page.getByLabel('持卡人姓名').fill('E2E Buyer');
    await page.getByLabel('我接受隐私政策和服务条款。').check();
    await page.getByLabel(/我已阅读免责声明/).check();
    await page.getByRole('button', { name: '聘请经纪人' }).click();
    await shows(page.getByRole('alert').filter({ hasText: '您的银行卡被拒绝。' }));
    await page.getByLabel('卡号').fill(CARDS.ok);
    await page.getByRole('button', { name: '聘请经纪人' }).click();
    await atPath(page, '/agent-details-questions');
    await shows(page.getByRole('heading', { name: '已收到付款' }));
    await shows(page.getByText('成功！付款已获批准。'));
  });

  it('says so when there is no domain to check out', async () => {
    const user = await createUserViaApi();
    const page = await newPage();
    await signInPage(page, user);
    await page.goto('/hire-consultant');
    await shows(page.getByText('You dont have a domain name to checkout'));
  });
});

/**
 * A stand-in for Stripe.js (what https://js.stripe.com serves): `Stripe(key)` with Elements' card field
 * (a plain input here), `createPaymentMethod` answering Stripe's test PaymentMethod ids for the test
 * card numbers, and `confirmCardPayment` completing the challenge at the Stripe API stand-in (through a
 * function the test exposes to the page, as Stripe's own page would talk to Stripe).
 */
const STRIPE_JS = `(() => {
  const METHODS = {
    '4242424242424242': 'pm_card_visa',
    '4000002760003184': 'pm_card_threeDSecure2Required',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  };
  function cardElement() {
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'Card number, expiry and CVC');
    input.dataset.stripeStandIn = 'card';
    const handlers = [];
    input.addEventListener('input', () => {
      for (const h of handlers) h({ empty: input.value === '', complete: input.value.replace(/\\D/g, '').length >= 16 });
    });
    return {
      mount(host) { host.appendChild(input); },
      on(event, handler) { if (event === 'change') handlers.push(handler); },
      destroy() { input.remove(); },
      _digits() { return input.value.replace(/\\D/g, ''); },
    };
  }
  function Stripe(key) {
    if (!/^pk_test_/.test(key)) throw new Error('stand-in: a test publishable key is expected');
    return {
      elements() { return { create(type) { if (type !== 'card') throw new Error(type); return cardElement(); } }; },
      async createPaymentMethod({ card }) {
        const digits = card._digits();
        const id = METHODS[digits];
        if (!id) return { error: { type: 'validation_error', message: 'Your card number is incomplete.' } };
        return { paymentMethod: { id, card: { brand: 'visa', last4: digits.slice(-4) } } };
      },
      async confirmCardPayment(clientSecret) {
        const intent = await window.__stripeStandInConfirm(clientSecret);
        return intent.status === 'succeeded'
          ? { paymentIntent: intent }
          : { error: { type: 'card_error', message: intent.last_payment_error?.message ?? 'Payment failed' } };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

describe('checkout (Stripe mode, Stripe.js and the Stripe API stood in)', () => {
  let standIn: StripeStandIn;
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    server = await startServer({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e_standin',
        STRIPE_API_URL: standIn.url,
      },
      logFile: join(repoRoot, 'e2e/.tmp/server-stripe.log'),
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await standIn?.close();
  });

  /** Calls this server's API (the shared helpers talk to the sandbox server). */
  async function call<T>(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(`${server.baseURL}/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data?: T; message?: string } };
  }

  async function buyer() {
    const email = `e2e-stripe-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'E2e@Pass1';
    expect((await call('POST', '/signup', { email, password, confirmPassword: password })).status).toBe(207);
    let code: string | undefined;
    await expect
      .poll(async () => {
        const res = await fetch(`${server.baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const mails = ((await res.json()) as { data: { text: string }[] }).data;
        code = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
        return code !== undefined;
      })
      .toBe(true);
    const verified = await call<{ token: string; user: Record<string, unknown> }>(
      'PATCH',
      '/verifyEmailByCode',
      {
        email,
        verificationCode: code,
      },
    );
    const token = verified.body.data!.token;
    const domainName = domain();
    expect((await call('POST', '/leads', { domainName, offerAmount: '5000' }, token)).status).toBe(200);
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    await context.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: STRIPE_JS }),
    );
    await context.exposeFunction('__stripeStandInConfirm', (clientSecret: string) => {
      const id = clientSecret.split('_secret')[0]!;
      standIn.authenticate(id, 'complete');
      return standIn.intents.get(id);
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[pageerror] ${e.message}`));
    await page.goto('/');
    await page.evaluate(
      ([t, profile, mail]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('myProfile', profile);
        localStorage.setItem('userEmail', mail);
        localStorage.setItem('lastActivityAt', String(Date.now()));
      },
      [token, JSON.stringify(verified.body.data!.user), email] as const,
    );
    await page.goto('/hire-consultant');
    await shows(page.getByText(domainName));
    return { page, token, context };
  }

  async function payWithStripeCard(page: Page, number: string) {
    await page.getByLabel('Card number, expiry and CVC').fill(number);
    await page.getByLabel('Name on card').fill('E2E Buyer');
    await acceptConsents(page);
    await hire(page);
  }

  it('loads Stripe.js only on the checkout, labelled TEST MODE with a test key', async () => {
    const { page, context } = await buyer();
    await shows(page.getByLabel('Card number, expiry and CVC'));
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script')].map((s) => s.src).filter((src) => src.includes('stripe')),
    );
    expect(scripts).toEqual(['https://js.stripe.com/endive/stripe.js']);
    // a Stripe test key takes no real money either: the server says testMode
    await shows(page.getByText('TEST MODE', { exact: true }));
    // the sandbox's own card fields are not there: Stripe's card field is
    expect(await page.getByLabel('Card number', { exact: true }).count()).toBe(0);
    const other = await context.newPage();
    await other.goto('/profile');
    await shows(other.getByRole('heading', { level: 1 }));
    expect(
      await other.evaluate(() =>
        [...document.querySelectorAll('script')].some((s) => s.src.includes('stripe')),
      ),
    ).toBe(false);
    await context.close();
  });

  it('pays with 4242 through stripe-node', async () => {
    const { page, token, context } = await buyer();
    const before = standIn.charges();
    await payWithStripeCard(page, '4242 4242 4242 4242');
    await expectAgentPage(page);
    await shows(page.getByText('ending in 4242'));
    expect(standIn.charges()).toBe(before + 1);
    const leads = await call<{ status: string }[]>('GET', '/getMyLeads', undefined, token);
    expect(leads.body.data?.[0]?.status).toBe('new');
    await context.close();
  });

  it('confirms 3-D Secure with confirmCardPayment, then verifies', async () => {
    const { page, context } = await buyer();
    await payWithStripeCard(page, '4000 0027 6000 3184');
    await expectAgentPage(page);
    await context.close();
  });

  it("shows a declined card under Stripe's card field", async () => {
    const { page, token, context } = await buyer();
    await payWithStripeCard(page, '4000 0000 0000 0002');
    await shows(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }));
    const leads = await call<{ status: string }[]>('GET', '/getMyLeads', undefined, token);
    expect(leads.body.data?.[0]?.status).toBe('pending');
    await context.close();
  });
});
