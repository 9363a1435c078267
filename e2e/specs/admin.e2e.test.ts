/**
 * The admin workspace's tabs in Chromium against the real server (docs/product.md "Staff workspace"): the demo admin generates
 * a promo code, sees it listed and deletes it; creates a manual appraisal, meets the overwrite question
 * on a duplicate, edits and deletes it; changes a category's percentage. Users: finds, sorts and
 * filters users; creates one who sets a password from the mailed link and signs in; edits, grants
 * privileges, copies a registrar's link, deletes; meets the last-admin guard. Registrar Dashboard: the
 * settle row of a registrar made here after its referred customer pays, by filter and period, and the
 * CSV. Reconciliation: the month picker and the payment made here on both sides. Sell Domains: a
 * seller's submission made here, its premium flag kept over a reload, search and the empty state.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiUser,
  api,
  createUserViaApi,
  loginViaApi,
  PASSWORD,
  signInPage,
  uniqueEmail,
} from '../support/api.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { DESKTOP, type NewPageOptions, PHONE, useBrowser } from '../support/browser.ts';
import { titleCaseProblem } from '../support/button-case.ts';
import { createLead, payInSandbox } from '../support/checkout.ts';
import { baseURL } from '../support/env.ts';
import { atPath, gone, shows } from '../support/expect.ts';
import { readOutbox } from '../support/mail.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

const DEMO_PASSWORD = 'Demo@Pass1';

async function demoAdminPage(options?: NewPageOptions): Promise<Page> {
  const login = await loginViaApi('admin@demo.test', DEMO_PASSWORD);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const page = await newPage(options);
  await signInPage(page, { email: 'admin@demo.test', password: DEMO_PASSWORD, ...login.body.data! });
  return page;
}

async function adminToken(): Promise<string> {
  const login = await loginViaApi('admin@demo.test', DEMO_PASSWORD);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return login.body.data!.token;
}

interface AdminUserRow {
  UID: string;
  name: string;
  email: string;
  registrarUID: string | null;
}

/** An account the admin makes through POST /createUser (no password: it is mailed a link). */
async function createdUser(
  token: string,
  role: 'Buyer' | 'Seller' | 'Registrar',
  fields: { firstName: string; lastName?: string; email?: string; website?: string },
): Promise<AdminUserRow> {
  const roles = await api<{ UID: string; roleType: string }[]>('GET', '/roles', undefined, token);
  const roleId = roles.body.data!.find((r) => r.roleType === role)!.UID;
  const made = await api<AdminUserRow>(
    'POST',
    '/createUser',
    {
      firstName: fields.firstName,
      lastName: fields.lastName ?? 'E2e',
      email: fields.email ?? uniqueEmail(role.toLowerCase()),
      roleId,
      phone: '',
      website: fields.website ?? '',
      image: '',
    },
    token,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data!;
}

/** A buyer who signed up through `registrarUID`'s link (or directly), verified by the mailed code. */
const verifiedBuyer = (registrarUID?: string): Promise<ApiUser> =>
  createUserViaApi({ email: uniqueEmail('admin-buyer'), ...(registrarUID ? { registrarUID } : {}) });

/** The buyer pays the initial fee (19.95 USD) for a new lead with the sandbox's test card. */
async function paidLead(buyer: ApiUser): Promise<string> {
  const domainName = await createLead(buyer, 'e2e-admin');
  const page = await newPage();
  await payInSandbox(page, buyer, domainName);
  await page.close();
  return domainName;
}

/** The text of each body row's cell in the column `column` (its data-column attribute). */
async function columnTexts(table: Locator, column: string): Promise<string[]> {
  return table.locator(`tbody td[data-column="${column}"]`).allTextContents();
}

/** No sideways scroll, no axe violation, Title Case buttons (docs/ui-conventions.md). */
async function pageProblems(page: Page, what: string, checkCase: boolean, axe = true): Promise<void> {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
  if (!axe) return;
  const violations = await axeViolations(page);
  expect(violations.length, `${what}: ${describeViolations(violations)}`).toBe(0);
  if (!checkCase) return;
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button')]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('p'))
      .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter((l) => l && !/^Page \d+$/.test(l) && !/^\d+$/.test(l)),
  );
  expect(labels.flatMap((l) => (titleCaseProblem(l) ? [`'${l}': ${titleCaseProblem(l)}`] : []))).toEqual([]);
}

describe('the admin workspace', () => {
  it('generates a promo code, lists it with its creator and deletes it', async () => {
    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=promo-code');
    const table = await shows(page.getByRole('table', { name: 'Promo codes' }));
    const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`;

    await page.getByRole('button', { name: 'Generate Promo Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Promo Code' });
    await shows(dialog);
    expect(await dialog.getByLabel('Offer (%)').inputValue()).toBe('100');
    await dialog.getByLabel('Code', { exact: true }).fill('ABC12');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await shows(dialog.getByText('please enter a valid promo code'));
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await gone(dialog);

    const row = table.getByRole('row').filter({ has: page.getByText(code, { exact: true }) });
    await shows(row);
    await shows(row.getByRole('cell', { name: 'Ada Admin' }));

    await row.getByRole('button', { name: `Delete ${code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Promo Code' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(confirm);
    await gone(table.getByText(code, { exact: true }));
    await page.close();
  });

  it('creates a manual appraisal, overwrites it on a duplicate, edits and deletes it', async () => {
    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=manual-appraisals');
    const table = await shows(page.getByRole('table', { name: 'Manual appraisals' }));
    const domain = `e2e-manual-${randomBytes(4).toString('hex')}.com`;

    const add = async (value: string) => {
      await page.getByRole('button', { name: 'Add Manual Appraisal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Manual Appraisal' });
      await dialog.getByLabel('Domain Name').fill(domain);
      await dialog.getByLabel('Value (USD)').fill(value);
      await dialog.getByRole('button', { name: 'Save' }).click();
      return dialog;
    };
    const first = await add('');
    await shows(first.getByText('Please enter domain value'));
    await first.getByLabel('Value (USD)').fill('1234');
    await first.getByRole('button', { name: 'Save' }).click();
    await gone(first);
    await shows(page.getByText('Updated domain details'));
    const row = table.getByRole('row').filter({ has: page.getByText(domain, { exact: true }) });
    await shows(row.getByText('1,234.00 USD'));

    await add('5678');
    const ask = page.getByRole('dialog', { name: 'Domain Already Exists' });
    await shows(ask.getByText('This domain is already exist, still want to overwrite it?'));
    await ask.getByRole('button', { name: 'Overwrite' }).click();
    await gone(ask);
    await shows(row.getByText('5,678.00 USD'));

    await row.getByRole('button', { name: `Edit ${domain}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Manual Appraisal' });
    await edit.getByLabel('Value (USD)').fill('9999');
    await edit.getByRole('button', { name: 'Save' }).click();
    await gone(edit);
    await shows(row.getByText('9,999.00 USD'));

    await row.getByRole('button', { name: `Delete ${domain}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Manual Appraisal' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(confirm);
    await gone(table.getByText(domain, { exact: true }));
    await page.close();
  });

  it("changes a category's percentage as admin, and it stays after a reload", async () => {
    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=estibot-category');
    const table = await shows(page.getByRole('table', { name: 'Estibot categories' }));
    const input = table.getByLabel(/^Percentage for /).first();
    await shows(input);
    const label = (await input.getAttribute('id'))!;
    const name = (await table.locator(`label[for="${label}"]`).textContent())!.replace('Percentage for ', '');
    const before = await input.inputValue();
    const next = before === '37' ? '38' : '37';

    await input.fill('101');
    await table.getByRole('button', { name: `Save ${name}` }).click();
    await shows(table.getByText('Percentage must be a whole number from 0 to 100.'));
    await input.fill(next);
    await table.getByRole('button', { name: `Save ${name}` }).click();
    await shows(page.getByText('Category updated successfully'));
    await page.reload();
    const again = page
      .getByRole('table', { name: 'Estibot categories' })
      .getByLabel(`Percentage for ${name}`);
    await shows(again);
    expect(await again.inputValue()).toBe(next);

    // leave the seeded weight as it was for the other specs' appraisals
    await again.fill(before);
    const restored = page.waitForResponse(
      (r) => r.url().includes('/exhibitConditions/') && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: `Save ${name}` }).click();
    expect((await restored).status()).toBe(200);
    await page.close();
  });

  it('finds users by a debounced search, sorts them by email and filters them by role', async () => {
    const token = await adminToken();
    const tag = `srt${randomBytes(3).toString('hex')}`;
    const emails = ['a', 'b', 'c'].map((x) => `e2e-${tag}-${x}@example.com`);
    // made b, c, a: newest first (a, c, b) differs from either email order
    await createdUser(token, 'Seller', { firstName: 'Ben', email: emails[1] });
    await createdUser(token, 'Buyer', { firstName: 'Cat', email: emails[2] });
    await createdUser(token, 'Buyer', { firstName: 'Ann', email: emails[0] });

    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=users');
    const table = await shows(page.getByRole('table', { name: 'Users' }));
    await shows(table.locator('tbody td[data-column="email"]'));
    const searched: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/users' && url.searchParams.get('search'))
        searched.push(url.searchParams.get('search')!);
    });
    // typed key by key, each well within the 500 ms pause: the list asks once for the whole term (a
    // machine that stalls between keys may ask for a part first, but never once per key)
    await page.getByLabel('Search name or email').pressSequentially(tag, { delay: 40 });
    await expect.poll(() => columnTexts(table, 'email')).toEqual([emails[0], emails[2], emails[1]]);
    expect(searched.at(-1)).toBe(tag);
    expect(searched.length).toBeLessThanOrEqual(2);

    const sortByEmail = table.getByRole('columnheader', { name: 'Email' });
    await sortByEmail.getByRole('button').click();
    await expect.poll(() => sortByEmail.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => columnTexts(table, 'email')).toEqual(emails);
    await sortByEmail.getByRole('button').click();
    await expect.poll(() => sortByEmail.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => columnTexts(table, 'email')).toEqual([...emails].reverse());

    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Seller' });
    await expect.poll(() => columnTexts(table, 'email')).toEqual([emails[1]]);
    expect(await columnTexts(table, 'role')).toEqual(['Seller']);
    // the email sort (descending) stays while the filter changes
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'User' });
    await expect.poll(() => columnTexts(table, 'email')).toEqual([emails[2], emails[0]]);
    // the filter and the search stay in the address, so a reload keeps them
    await page.reload();
    await expect
      .poll(() => columnTexts(page.getByRole('table', { name: 'Users' }), 'email'))
      .toEqual([emails[2], emails[0]]);
    await page.close();
  });

  it('creates a user, who sets a password from the mailed link and signs in', async () => {
    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=users');
    const table = await shows(page.getByRole('table', { name: 'Users' }));
    const email = uniqueEmail('created');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('First Name').fill('Nina');
    await dialog.getByLabel('Last Name').fill('Newcomer');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: 'User' });
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await gone(dialog);
    await shows(page.getByText('User created successfully: we sent them a link to set their password.'));
    const row = table.getByRole('row').filter({ has: page.getByText(email, { exact: true }) });
    await shows(row.getByRole('cell', { name: 'Nina Newcomer' }));
    await page.close();

    const mail = await readOutbox(email, { since });
    const link = new URL(/https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.text)![0]);
    const user = await newPage();
    await user.goto(`${link.pathname}${link.search}`);
    await shows(user.getByRole('heading', { name: 'Set your password' }));
    await user.getByLabel('New password').fill(PASSWORD);
    await user.getByLabel('Confirm password').fill(PASSWORD);
    await user.getByRole('button', { name: 'Set Password' }).click();
    await atPath(user, '/login');
    await shows(user.getByText('Your password is set, please sign in.'));
    const form = user.getByRole('main');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await shows(user.getByRole('link', { name: 'Your profile' }));
    // the link works once
    await user.goto(`${link.pathname}${link.search}`);
    await user.getByLabel('New password').fill(PASSWORD);
    await user.getByLabel('Confirm password').fill(PASSWORD);
    await user.getByRole('button', { name: 'Set Password' }).click();
    await shows(
      user.getByText('This link has expired or was already used. Ask an administrator for a new one.'),
    );
    await user.close();
  });

  it("edits a user, grants a privilege, copies a registrar's link and deletes a user", async () => {
    const token = await adminToken();
    const tag = `edt${randomBytes(3).toString('hex')}`;
    const buyer = await createdUser(token, 'Buyer', { firstName: `Bea${tag}` });
    const registrar = await createdUser(token, 'Registrar', {
      firstName: `Reg${tag}`,
      website: `https://${tag}.example`,
    });
    expect(registrar.registrarUID).toBeTruthy();

    const page = await demoAdminPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await page.goto(`/dashboard?tab=users&search=${tag}`);
    const table = await shows(page.getByRole('table', { name: 'Users' }));
    const buyerRow = table.getByRole('row').filter({ has: page.getByText(buyer.email, { exact: true }) });
    await shows(buyerRow);

    await buyerRow.getByRole('button', { name: `Edit ${buyer.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    const emailBox = edit.getByLabel('Email');
    expect(await emailBox.inputValue()).toBe(buyer.email);
    expect(await emailBox.isEditable()).toBe(false);
    await shows(edit.getByText('The email address cannot be changed.'));
    await edit.getByLabel('Website').fill('not a site');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await shows(edit.getByText('Please enter valid URL'));
    await edit.getByLabel('Website').fill(`https://${tag}-buyer.example`);
    await edit.getByLabel('Last Name').fill('Renamed');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await gone(edit);
    await shows(page.getByText('User updated successfully'));
    const renamed = `Bea${tag} Renamed`;
    await shows(buyerRow.getByRole('cell', { name: renamed }));

    const openPrivileges = async () => {
      await buyerRow.getByRole('button', { name: `Privileges of ${renamed}` }).click();
      return page.getByRole('dialog', { name: `Privileges of ${renamed}` });
    };
    let privileges = await openPrivileges();
    const flag = privileges.getByLabel('Change category values');
    expect(await flag.isChecked()).toBe(false);
    await flag.check();
    await privileges.getByLabel('Commission Percentage').fill('101');
    await privileges.getByRole('button', { name: 'Save Privileges' }).click();
    await shows(privileges.getByText('Percentage must be a whole number from 0 to 100.'));
    await privileges.getByLabel('Commission Percentage').fill('15');
    await privileges.getByRole('button', { name: 'Save Privileges' }).click();
    await gone(privileges);
    await shows(page.getByText('Privileges updated successfully'));
    await page.reload();
    privileges = await openPrivileges();
    expect(await privileges.getByLabel('Change category values').isChecked()).toBe(true);
    expect(await privileges.getByLabel('Commission Percentage').inputValue()).toBe('15');
    await privileges.getByRole('button', { name: 'Cancel' }).click();
    await gone(privileges);

    const registrarRow = table
      .getByRole('row')
      .filter({ has: page.getByText(registrar.email, { exact: true }) });
    await registrarRow.getByRole('button', { name: `Copy the registrar link of ${registrar.name}` }).click();
    await shows(page.getByText('Link copied in clipboard'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${new URL(page.url()).origin}/?registrarId=${registrar.registrarUID}`,
    );
    // only a registrar's row has the icon
    expect(await buyerRow.getByRole('button', { name: /^Copy the registrar link/ }).count()).toBe(0);

    await buyerRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete User' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(confirm);
    await shows(page.getByText('User Deleted'));
    await gone(table.getByText(buyer.email, { exact: true }));
    await shows(registrarRow);
    // among the deleted users it stays, anonymised, without actions
    await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Deleted Users' });
    await page.getByLabel('Search name or email').fill(buyer.UID);
    const deleted = table.getByRole('row').filter({ hasText: `deleted-${buyer.UID}@deleted.invalid` });
    await shows(deleted);
    await shows(deleted.getByRole('cell', { name: 'Deleted', exact: true }));
    expect(await deleted.getByRole('button').count()).toBe(0);
    expect((await loginViaApi(buyer.email, PASSWORD)).status).not.toBe(200);
    await page.close();
  });

  it('keeps the last admin: the only admin cannot give up the role', async () => {
    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=users&show=Admin');
    const table = await shows(page.getByRole('table', { name: 'Users' }));
    await expect.poll(() => columnTexts(table, 'email')).toEqual(['admin@demo.test']);
    await table.getByRole('button', { name: 'Edit Ada Admin' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Role').selectOption({ label: 'User' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await shows(edit.getByText('This is the last admin: make another user an admin first.'));
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await gone(edit);
    // still the admin: the Users tab is still theirs after a reload
    await page.reload();
    await expect
      .poll(() => columnTexts(page.getByRole('table', { name: 'Users' }), 'role'))
      .toEqual(['Admin']);
    await page.close();
  });

  it("shows a registrar's settle row after its referred customer pays, by filter and period, with the CSV", async () => {
    const token = await adminToken();
    const tag = `set${randomBytes(3).toString('hex')}`;
    const registrar = await createdUser(token, 'Registrar', {
      firstName: `Partner${tag}`,
      website: `https://${tag}.example`,
    });
    const domain = await paidLead(await verifiedBuyer(registrar.registrarUID!));
    const today = new Date().toISOString().slice(0, 10);

    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=registrar-dashboard');
    const table = await shows(page.getByRole('table', { name: 'Registrar settle summary' }));
    const row = table
      .getByRole('row')
      .filter({ has: page.getByText(registrar.registrarUID!, { exact: true }) });
    const expectRow = async () => {
      await shows(row);
      expect(await row.locator('td[data-column="Success"]').textContent()).toBe('19.95 USD (1)');
      expect(await row.locator('td[data-column="Refunds"]').textContent()).toBe('0.00 USD (0)');
      // the registrar's default share: 20% of the 19.95 USD fee
      expect(await row.locator('td[data-column="Payable"]').textContent()).toBe('3.99 USD');
    };
    await expectRow();

    const show = page.getByLabel('Show', { exact: true });
    await show.selectOption({ label: registrar.name });
    await expect.poll(() => columnTexts(table, 'RegistrarId')).toEqual([registrar.registrarUID]);
    await expectRow();
    await show.selectOption({ label: 'Direct Users' });
    await gone(row);
    expect(await columnTexts(table, 'RegistrarId')).not.toContain(registrar.registrarUID);
    await show.selectOption({ label: 'All Transactions' });
    await expectRow();

    // a period that ends before today leaves the payment out
    await page.getByLabel('Start Date').fill('2024-01-01');
    await page.getByLabel('End Date').fill('2024-01-31');
    await gone(row);
    await page.getByLabel('End Date').fill(today);
    await expectRow();

    await show.selectOption({ label: registrar.name });
    await expectRow();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toContain(registrar.registrarUID!);
    expect(csv.split('\n').filter((l) => l.includes('19.95'))).toHaveLength(1);

    await page.getByLabel('End Date').fill('2024-01-31');
    await gone(row);
    await page.getByRole('button', { name: 'Download CSV' }).click();
    await shows(page.getByText('Data not found.'));
    expect(domain).toMatch(/^e2e-admin-/);
    await page.close();
  });

  it("lists the month's payment made here on both sides of the reconciliation, and no future month", async () => {
    const token = await adminToken();
    type Line = { paymentId: string; kind: string };
    const month = new Date().toISOString().slice(0, 7);
    const ids = async () => {
      const r = await api<{ ours: { lines: Line[] } }>(
        'GET',
        `/reconciliation?month=${month}`,
        undefined,
        token,
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return new Set(r.body.data!.ours.lines.map((l) => l.paymentId));
    };
    const before = await ids();
    await paidLead(await verifiedBuyer());
    const fresh = [...(await ids())].filter((id) => !before.has(id));
    expect(fresh).toHaveLength(1);
    const paymentId = fresh[0]!;

    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=reconciliation');
    const picker = page.getByLabel('Month', { exact: true });
    await shows(picker);
    expect(await picker.inputValue()).toBe(month);
    expect(await picker.getAttribute('max')).toBe(month);

    const ours = page.getByRole('table', { name: 'Our payments and refunds' });
    const reported = page.getByRole('table', { name: 'Payments and refunds reported by the provider' });
    for (const table of [ours, reported]) {
      const row = table.getByRole('row').filter({ has: page.getByText(paymentId, { exact: true }) });
      await shows(row);
      expect(await row.locator('td[data-column="amount"]').textContent()).toBe('19.95 USD');
      // the sandbox's fee: 2.9% of 19.95 USD plus 0.30 USD
      expect(await row.locator('td[data-column="fee"]').textContent()).toBe('0.88 USD');
      expect(await row.locator('td[data-column="net"]').textContent()).toBe('19.07 USD');
      expect(await row.locator('td[data-column="check"]').textContent()).toContain('Matches');
    }
    // the totals count it on both sides
    const count = async (title: string) => {
      const text = await page.getByRole('region', { name: title }).locator('dd').first().textContent();
      return Number(/\((\d+)\)/.exec(text ?? '')?.[1]);
    };
    expect(await count('Our records')).toBeGreaterThanOrEqual(1);
    expect(await count('Our records')).toBe(await count('Reported by the provider'));

    // a past month without this payment, then a future month is refused
    await picker.fill('2024-01');
    await gone(ours.getByText(paymentId, { exact: true }));
    expect(new URL(page.url()).searchParams.get('month')).toBe('2024-01');
    const next = new Date();
    next.setUTCDate(1);
    next.setUTCMonth(next.getUTCMonth() + 1);
    await page.goto(`/dashboard?tab=reconciliation&month=${next.toISOString().slice(0, 7)}`);
    await shows(page.getByText('Reconciliation is not available for future months.'));
    await gone(page.getByRole('table', { name: 'Our payments and refunds' }));
    await page.close();
  });

  it("lists a seller's submission, keeps its premium flag over a reload, searches and shows the empty state", async () => {
    const tag = `sel${randomBytes(3).toString('hex')}`;
    const domain = `e2e-${tag}.com`;
    const submitted = await api('POST', '/sell-domain', {
      domain,
      email: uniqueEmail('seller'),
      name: `Sally ${tag}`,
      phone: '+1 415 555 0100',
      formName: 'e2e',
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    const page = await demoAdminPage();
    await page.goto('/dashboard?tab=sell-domains');
    const table = await shows(page.getByRole('table', { name: 'Seller domains' }));
    // newest first: the submission made here leads the first page
    await expect.poll(async () => (await columnTexts(table, 'domainName'))[0]).toBe(domain);
    await page.getByLabel('Search domain, name or email').fill(tag);
    await expect.poll(() => columnTexts(table, 'domainName')).toEqual([domain]);
    const row = table.getByRole('row').filter({ has: page.getByText(domain, { exact: true }) });
    await shows(row.getByText(`Sally ${tag}`));
    await shows(row.getByText('Unconfirmed'));

    const premium = row.getByRole('switch', { name: `Premium: ${domain}` });
    expect(await premium.isChecked()).toBe(false);
    await premium.click();
    await shows(page.getByText('Premium flag updated'));
    await page.reload();
    const again = page
      .getByRole('table', { name: 'Seller domains' })
      .getByRole('switch', { name: `Premium: ${domain}` });
    await shows(again);
    expect(await again.isChecked()).toBe(true);

    await page.getByLabel('Search domain, name or email').fill(`nothing-${tag}`);
    await shows(page.getByText('No Data Found!'));
    expect(await columnTexts(page.getByRole('table', { name: 'Seller domains' }), 'domainName')).toEqual([]);
    await page.close();
  });

  // One test per viewport and language: 18 tab loads with axe in one test came near its 90 s limit on a
  // busy two-core machine.
  describe('on a phone and in Chinese', () => {
    // rows with their buttons in every table: an entry and a code of these tests' own
    let token = '';
    let entryUid = '';
    let codeUid = '';
    beforeAll(async () => {
      token = (await loginViaApi('admin@demo.test', DEMO_PASSWORD)).body.data!.token;
      const suffix = randomBytes(4).toString('hex');
      const entry = await api<{ UID: string }>(
        'POST',
        '/manualAppraisal',
        { domainName: `e2e-phone-${suffix}.com`, manualValue: 4200 },
        token,
      );
      expect(entry.status, JSON.stringify(entry.body)).toBe(200);
      entryUid = entry.body.data!.UID;
      const code = await api<{ UID: string }>(
        'POST',
        '/generatePromo',
        { code: `PHONE${suffix}`, offerPercent: 100, validThru: '2099-12-31' },
        token,
      );
      expect(code.status, JSON.stringify(code.body)).toBe(200);
      codeUid = code.body.data!.UID;
    });
    afterAll(async () => {
      if (entryUid) await api('DELETE', `/manualAppraisal/${entryUid}`, undefined, token);
      if (codeUid) await api('DELETE', `/promoCode/${codeUid}`, undefined, token);
    });

    it.each([
      ['phone', PHONE, 'en-US'],
      ['desktop-zh', DESKTOP, 'zh-CN'],
      ['phone-zh', PHONE, 'zh-CN'],
    ] as const)('fits and passes axe on each admin tab (%s)', async (name, viewport, locale) => {
      const page = await demoAdminPage({ viewport, locale });
      for (const tab of [
        'users',
        'reconciliation',
        'sell-domains',
        'manual-appraisals',
        'estibot-category',
        'promo-code',
      ]) {
        await page.goto(`/dashboard?tab=${tab}`);
        await shows(page.getByRole('table'));
        await shows(page.getByRole('row').nth(1));
        // axe once per language (English at 375 px, Chinese at 1280 px): Chinese at 375 px is for the fit
        await pageProblems(page, `the ${tab} tab (${name})`, locale === 'en-US', name !== 'phone-zh');
        await screenshot(page, `admin-${tab}-${name}`);
      }
      await page.close();
    });

    // at 1280 px the Users table fits its box, in both languages: its Actions column is not left
    // half-hidden behind a horizontal scroll
    it.each(['en-US', 'zh-CN'] as const)(
      'fits the Users table in its box at 1280 px (%s)',
      async (locale) => {
        const page = await demoAdminPage({ viewport: DESKTOP, locale });
        await page.goto('/dashboard?tab=users');
        await shows(page.getByRole('row').nth(1));
        const overflow = await page
          .getByRole('table')
          .evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0));
        expect(overflow, `the Users table is wider than its box at 1280 px (${locale})`).toBeLessThanOrEqual(
          0,
        );
        await page.close();
      },
    );
  });
});
