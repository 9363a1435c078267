#!/usr/bin/env node
// `pnpm bench` part "checkout-timing" (run after a build): how long a buyer waits from clicking 'Hire a
// Broker' on /hire-consultant to the agent page (/agent-details-questions showing 'Payment received'),
// in Chromium, sandbox payments, Stripe's test card 4242 4242 4242 4242. What it covers: the sandbox
// PaymentMethod call, POST /payments (the lead paid and a broker assigned in one transaction), the
// client-side navigation and the agent page's GET /getMyLeads. Also printed: the time from navigating
// to /hire-consultant to its card field being ready (a fresh context: empty cache).
//
// RUNS buyers (default 10, CHECKOUT_TIMING_RUNS to change), each a fresh account and lead made through
// the API, in a fresh browser context. Prints medians and p90s. Figures, not assertions: exits 0
// whatever they are; non-zero only when it cannot measure at all. The first-load size of
// /hire-consultant is the portal-bundle part's (packages/portal/scripts/bundle-size.mjs).
//
// Starts the built server (e2e/support/server.mjs; NODE_ENV=development, sandbox payments, outbox mail)
// and Debian's Chromium, never a download. Stops everything it started.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, repoRoot, startServer } from '../support/server.mjs';

const RUNS = Math.max(1, Number(process.env.CHECKOUT_TIMING_RUNS ?? 10) || 10);
const PASSWORD = 'Bench@Pass1';

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    await fn().catch((err) => console.error(`checkout-timing: cleanup failed: ${err?.message ?? err}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

async function api(base, method, path, body, token) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, body: json };
}

/** The verification code mailed to `email` (the development outbox), waited for up to 20 s. */
async function mailedCode(base, email) {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const res = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const mails = res.ok ? (await res.json()).data : [];
    const code = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail for ${email}`);
}

/** A verified buyer with a pending lead of 5,000 USD: token, profile and the lead's domain. */
async function buyerWithLead(base) {
  const email = `bench-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
  const signup = await api(base, 'POST', '/signup', { email, password: PASSWORD, confirmPassword: PASSWORD });
  if (signup.status !== 207) throw new Error(`POST /signup answered ${signup.status}`);
  const verified = await api(base, 'PATCH', '/verifyEmailByCode', {
    email,
    verificationCode: await mailedCode(base, email),
  });
  const token = verified.body.data?.token;
  if (!token) throw new Error(`PATCH /verifyEmailByCode answered ${verified.status}`);
  const domainName = `bench-${randomBytes(4).toString('hex')}.com`;
  const lead = await api(base, 'POST', '/leads', { domainName, offerAmount: '5000' }, token);
  if (lead.status !== 200)
    throw new Error(`POST /leads answered ${lead.status}: ${JSON.stringify(lead.body)}`);
  return { email, token, user: verified.body.data.user, domainName };
}

const median = (xs) => quantile(xs, 0.5);
function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  if (q === 0.5) {
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  }
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]; // nearest rank
}
const ms = (x) => `${x.toFixed(0).padStart(6)} ms`;

async function main() {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH); this bench never downloads a browser`,
    );
  }
  const server = await startServer({
    env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    logFile: join(repoRoot, 'e2e/.tmp/bench-checkout-server.log'),
  });
  cleanups.push(() => server.stop());
  const base = server.baseURL;
  const config = await api(base, 'GET', '/config');
  if (config.body.data?.payments?.provider !== 'sandbox')
    throw new Error('the server is not in sandbox mode');

  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  cleanups.push(() => browser.close());

  const pay = [];
  const ready = [];
  /** Per payment: milliseconds from sending to the end of the answer of each call during the payment. */
  const calls = { '/api/sandbox/paymentMethods': [], '/api/payments': [] };
  for (let i = 0; i < RUNS; i += 1) {
    const buyer = await buyerWithLead(base);
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto('/');
      await page.evaluate(
        ([token, profile, email]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('myProfile', profile);
          localStorage.setItem('userEmail', email);
          localStorage.setItem('lastActivityAt', String(Date.now()));
        },
        [buyer.token, JSON.stringify(buyer.user), buyer.email],
      );
      // a fresh context has an empty cache except what / loaded: the first visit of the checkout
      const t0 = performance.now();
      await page.goto('/hire-consultant');
      await page.getByLabel('Card number').waitFor();
      ready.push(performance.now() - t0);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry date').fill('12 / 34');
      await page.getByLabel('CVV').fill('123');
      await page.getByLabel('Name on card').fill('Bench Buyer');
      await page.getByLabel('I accept the Privacy Policy and the Terms of Service.').check();
      await page.getByLabel(/I have read the disclaimer/).check();
      // the form's actions download after the page is drawn; a buyer types for seconds first
      await page.waitForLoadState('networkidle');
      page.on('requestfinished', (request) => {
        const path = new URL(request.url()).pathname;
        const timing = request.timing();
        if (path in calls && request.method() === 'POST') calls[path].push(timing.responseEnd);
      });
      // measured in the page: from the click event to the agent page's heading being drawn
      await page.evaluate(() => {
        window.__paid = new Promise((resolve) => {
          document.addEventListener(
            'click',
            () => {
              const t0 = performance.now();
              const check = () => {
                const shown = [...document.querySelectorAll('h2')].some(
                  (h) => h.textContent === 'Payment received',
                );
                if (shown && location.pathname === '/agent-details-questions')
                  resolve(performance.now() - t0);
                else requestAnimationFrame(check);
              };
              check();
            },
            { capture: true, once: true },
          );
        });
      });
      await page.getByRole('button', { name: 'Hire a Broker' }).click();
      pay.push(await page.evaluate(() => window.__paid));
      await page.getByRole('heading', { name: 'Payment received' }).waitFor();
    } finally {
      await context.close();
    }
  }

  console.log(`Chromium ${browser.version()}, sandbox payments, ${RUNS} buyers (fresh context each)`);
  console.log('                                              median       p90');
  console.log(`Hire a Broker click → agent page (4242)   ${ms(median(pay))}  ${ms(quantile(pay, 0.9))}`);
  for (const [path, xs] of Object.entries(calls))
    if (xs.length)
      console.log(`  of which POST ${path.slice(4).padEnd(24)}  ${ms(median(xs))}  ${ms(quantile(xs, 0.9))}`);
  console.log(`/hire-consultant navigation → card field  ${ms(median(ready))}  ${ms(quantile(ready, 0.9))}`);
}

main()
  .then(cleanup)
  .catch(async (err) => {
    console.error(`checkout-timing: ${err?.stack ?? err}`);
    await cleanup();
    process.exit(1);
  });
