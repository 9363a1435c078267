import { ADMIN_CREATED_USER_DETAIL } from '@domain-broker/shared/roles';
import { percentageField } from '@domain-broker/shared/schemas/common';
import type { AdminUser } from '@domain-broker/shared/schemas/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  dismissErrors: vi.fn(),
  loadToast: vi.fn(),
}));

import { ensureCatalog } from '#portal/lib/i18n.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { useSession } from '#portal/lib/session.ts';
import { mockServer, signInStaff } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import { currentTab, visibleTabs } from '../rules.ts';
import WorkspacePage from '../workspace-page.tsx';
import { registrarLink, userParamsFrom } from './users-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const ROLES = [
  { UID: 'r-admin', roleType: 'Admin' },
  { UID: 'r-buyer', roleType: 'Buyer' },
  { UID: 'r-consultant', roleType: 'Consultant' },
  { UID: 'r-registrar', roleType: 'Registrar' },
  { UID: 'r-seller', roleType: 'Seller' },
];

const user = (over: Partial<AdminUser> = {}): AdminUser => ({
  UID: 'u1',
  name: 'Nora Newman',
  firstName: 'Nora',
  lastName: 'Newman',
  email: 'nora@example.com',
  phone: '+14155550123',
  image: '',
  website: '',
  role: { UID: 'r-buyer', roleType: 'Buyer' },
  roles: [{ roleUID: 'r-buyer', roleType: 'Buyer' }],
  roleId: 'r-buyer',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastLogin: null,
  closeAgentUID: 'c1',
  closeAgentName: 'Bea Broker',
  userInterested: null,
  registrarUID: null,
  acceptingLeads: true,
  deactivatedAt: null,
  buyDomainCount: 2,
  appraisedDomainCount: 5,
  sellDomainCount: 1,
  userDetail: { ...ADMIN_CREATED_USER_DETAIL },
  ...over,
});

const broker = user({
  UID: 'c1',
  name: 'Bea Broker',
  firstName: 'Bea',
  lastName: 'Broker',
  email: 'bea@example.com',
  role: { UID: 'r-consultant', roleType: 'Consultant' },
  roles: [{ roleUID: 'r-consultant', roleType: 'Consultant' }],
  roleId: 'r-consultant',
});
const partner = user({
  UID: 'g1',
  name: 'Reg Partner',
  email: 'reg@example.com',
  role: { UID: 'r-registrar', roleType: 'Registrar' },
  roles: [{ roleUID: 'r-registrar', roleType: 'Registrar' }],
  roleId: 'r-registrar',
  registrarUID: 'r-abc123',
  website: 'https://partner.example',
});

function serve(rows: AdminUser[], total = rows.length) {
  server.answer((call) => {
    if (call.method === 'GET' && call.path === '/api/users')
      return jsonResponse(200, {
        data: {
          users: rows,
          pagination: { total, page: Number(call.query.page), limit: 10, totalPage: Math.ceil(total / 10) },
        },
      });
    if (call.method === 'GET' && call.path === '/api/roles') return jsonResponse(200, { data: ROLES });
    if (call.method === 'POST' && call.path === '/api/createUser')
      return jsonResponse(201, {
        message: 'User created successfully: we sent them a link to set their password.',
        data: user({ UID: 'u9' }),
      });
    if (call.method === 'PATCH' && call.path.startsWith('/api/users/'))
      return jsonResponse(200, { message: 'User updated successfully', data: { user: user() } });
    if (call.method === 'PATCH' && call.path.startsWith('/api/updatePrivileges/'))
      return jsonResponse(200, { message: 'Privileges updated successfully', data: { user: user() } });
    if (call.method === 'DELETE') return jsonResponse(200, { message: 'User Deleted' });
    return undefined;
  });
}

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(notifySuccess).mockReset();
  server = mockServer(fetchMock);
  await ensureCatalog('workspace');
});
afterEach(() => vi.unstubAllGlobals());

describe('the Users tab rules', () => {
  it('is an admin tab and the admins’ default; consultants keep Leads', () => {
    expect(visibleTabs(['Admin'])[0]).toBe('users');
    expect(visibleTabs(['Consultant'])).not.toContain('users');
    expect(currentTab(null, ['Admin'])).toBe('users');
    expect(currentTab(null, ['Consultant'])).toBe('leads');
    expect(currentTab('users', ['Consultant'])).toBe('leads');
  });

  it('reads the list from the address, createdAt DESC and 10 a page by default', () => {
    expect(userParamsFrom(new URLSearchParams())).toEqual({
      search: undefined,
      page: 1,
      limit: 10,
      filterBy: undefined,
      filterType: undefined,
      sortBy: 'createdAt',
      sortType: 'DESC',
    });
    expect(userParamsFrom(new URLSearchParams('show=Registrar&sort=lastLogin&dir=asc&page=3'))).toMatchObject(
      {
        filterBy: 'role',
        filterType: 'Registrar',
        sortBy: 'lastLogin',
        sortType: 'ASC',
        page: 3,
      },
    );
    expect(userParamsFrom(new URLSearchParams('show=deactivated&sort=password'))).toMatchObject({
      filterBy: 'status',
      filterType: 'deactivated',
      sortBy: 'createdAt',
    });
    expect(registrarLink('https://broker.example', 'r-1')).toBe('https://broker.example/?registrarId=r-1');
    // the privileges form's percentages: the shared field's rule, whole numbers from 0 to 100
    const percent = (value: string) => v.safeParse(percentageField, value).success;
    expect(percent('100')).toBe(true);
    expect(percent('101')).toBe(false);
    expect(percent('2.5')).toBe(false);
  });
});

describe('the Users tab', () => {
  it('lists users with last sign-in, broker and counts; the empty state says No Record found', async () => {
    signInStaff(['Admin']);
    serve([user(), broker], 12);
    renderAt(<WorkspacePage />, { path: '/dashboard' });
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('nora@example.com');
    const row = within(table).getByText('nora@example.com').closest('tr')!;
    expect(within(row).getByText('2 / 5 / 1')).toBeTruthy();
    expect(within(row).getByText('Bea Broker')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/users')!.query).toEqual({
      page: '1',
      limit: '10',
      sortBy: 'createdAt',
      sortType: 'DESC',
    });
    // Page 2 of 12 rows.
    await userEvent.click(screen.getByRole('button', { name: /2/, current: false }));
    await waitFor(() =>
      expect(server.calls.some((c) => c.path === '/api/users' && c.query.page === '2')).toBe(true),
    );
  });

  it('shows No Record found when nothing matches', async () => {
    signInStaff(['Admin']);
    serve([]);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=users' });
    expect(await screen.findByText('No Record found')).toBeTruthy();
  });

  it('creates a user: the form checks first, then sends the fields (no password)', async () => {
    signInStaff(['Admin']);
    serve([]);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await within(dialog).findByRole('option', { name: 'Registrar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Please Enter First Name')).toBeTruthy();
    expect(server.writes()).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('First Name'), 'Nora');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'nora@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'r-buyer');
    await userEvent.type(within(dialog).getByLabelText(/^Website/), 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Please enter valid URL')).toBeTruthy();
    expect(server.writes()).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/^Website/));
    await userEvent.type(within(dialog).getByLabelText(/^Website/), 'https://nora.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toMatchObject({
      path: '/api/createUser',
      body: {
        firstName: 'Nora',
        lastName: '',
        email: 'nora@example.com',
        roleId: 'r-buyer',
        phone: '',
        website: 'https://nora.example',
        image: '',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifySuccess).toHaveBeenCalledWith(
      'User created successfully: we sent them a link to set their password.',
    );
  });

  it('edits a user with the email read-only', async () => {
    signInStaff(['Admin']);
    serve([user()]);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Nora Newman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    const first = within(dialog).getByLabelText('First Name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Norah');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]!.path).toBe('/api/users/u1');
    expect(server.writes()[0]!.body).toMatchObject({ firstName: 'Norah', roleId: 'r-buyer' });
    expect(server.writes()[0]!.body).not.toHaveProperty('email');
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('User updated successfully'));
  });

  it('edits privileges (percentages 0-100) and deletes after confirmation', async () => {
    signInStaff(['Admin']);
    serve([user()]);
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=users' });
    await userEvent.click(await screen.findByRole('button', { name: 'Privileges of Nora Newman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privileges of Nora Newman' });
    await userEvent.click(within(dialog).getByLabelText('Change category values'));
    const pct = within(dialog).getByLabelText('Initial Fee Percentage');
    await userEvent.clear(pct);
    await userEvent.type(pct, '150');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Privileges' }));
    expect(await within(dialog).findByText('Percentage must be a whole number from 0 to 100.')).toBeTruthy();
    expect(server.writes()).toHaveLength(0);
    await userEvent.clear(pct);
    await userEvent.type(pct, '35');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Privileges' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toMatchObject({
      path: '/api/updatePrivileges/u1',
      body: { ChangeCategoryValues: true, percentage: 35, commissionPercentage: 20 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Delete Nora Newman' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete User' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.writes()).toHaveLength(2));
    expect(server.writes()[1]).toMatchObject({ method: 'DELETE', path: '/api/users/u1' });
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('User Deleted'));
  });

  it("toggles a consultant's accepting leads and copies a registrar's link", async () => {
    signInStaff(['Admin']);
    serve([broker, partner]);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=users' });
    const toggle = await screen.findByRole('switch', { name: 'Accepting leads: Bea Broker' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]).toMatchObject({ path: '/api/users/c1', body: { acceptingLeads: false } });

    await userEvent.click(screen.getByRole('button', { name: 'Copy the registrar link of Reg Partner' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?registrarId=r-abc123`),
    );
    expect(notifySuccess).toHaveBeenCalledWith('Link copied in clipboard');
  });

  it("stores an admin's fresh profile after they change their own account", async () => {
    signInStaff(['Admin']);
    const me = user({ UID: 'me', name: 'Ada Admin', email: 'ada@admin.example' });
    serve([me]);
    const fresh = {
      ...useSession.getState().profile!,
      roles: [{ role: { UID: 'r-consultant', roleType: 'Consultant' } }],
    };
    server.answer((call) => {
      if (call.path === '/api/roles') return jsonResponse(200, { data: ROLES });
      if (call.method === 'PATCH')
        return jsonResponse(200, {
          message: 'User updated successfully',
          data: { user: me, session: fresh },
        });
      return jsonResponse(200, {
        data: { users: [me], pagination: { total: 1, page: 1, limit: 10, totalPage: 1 } },
      });
    });
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=users' });
    expect(screen.queryByRole('button', { name: 'Delete Ada Admin' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Ada Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await within(dialog).findByRole('option', { name: 'Domain Broker' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'r-consultant');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(useSession.getState().profile?.roles.map((r) => r.role.roleType)).toEqual(['Consultant']),
    );
  });
});
