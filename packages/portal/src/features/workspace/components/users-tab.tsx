import { PRIVILEGES, type Privilege, type RoleType } from '@domain-broker/shared/roles';
import type { Role } from '@domain-broker/shared/schemas/profile';
import {
  type AdminUser,
  UpdatePrivilegesBody,
  USER_SORT_FIELDS,
  USERS_PAGE_SIZE,
  UserForm,
} from '@domain-broker/shared/schemas/users';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { SelectFilter } from '#portal/components/data-table/filters.tsx';
import { tableStatus, urlTable, useListQuery } from '#portal/components/data-table/query.ts';
import { Dialog } from '#portal/components/dialog.tsx';
import { FieldFrame, FormError, formStyles, TextField } from '#portal/components/form.tsx';
import { FormDialog } from '#portal/components/form-dialog.tsx';
import { PhoneField } from '#portal/components/phone-field.tsx';
import { errorText } from '#portal/lib/api.ts';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSession } from '#portal/lib/session.ts';
import { imageProblem, uploadImage } from '#portal/lib/upload-image.ts';
import { pageFrom, termFrom, useUrlState } from '#portal/lib/url-state.ts';
import {
  createUser,
  deleteUser,
  listRoles,
  listUsers,
  type UserListParams,
  updatePrivileges,
  updateUser,
} from '../api/users.ts';
import { day, dayTime, fieldText } from '../messages.ts';
import { useTabWrite } from '../use-write.ts';
import styles from '../workspace.module.css';
import { DeleteRowDialog } from './delete-dialog.tsx';
import { EmailCell } from './email-cell.tsx';
import { RowButton } from './row-button.tsx';

const LIST_KEY = ['workspace', 'users'] as const;
const col = dataTableColumns<AdminUser>();

/** The one filter of the list: active users (default), one role, or the deleted (deactivated) ones. */
export const SHOW_OPTIONS = [
  '',
  'Admin',
  'Consultant',
  'Registrar',
  'Buyer',
  'Seller',
  'deactivated',
] as const;

/**
 * The list's query from the address (search, show, sort, dir, page); createdAt DESC by default
 * (docs/product.md "Business constants and limits").
 */
export function userParamsFrom(search: URLSearchParams): UserListParams {
  const sort = search.get('sort');
  const show = search.get('show') ?? '';
  const role = show && show !== 'deactivated' && (SHOW_OPTIONS as readonly string[]).includes(show);
  return {
    search: termFrom(search, 254),
    page: pageFrom(search),
    limit: USERS_PAGE_SIZE,
    filterBy: role ? 'role' : show === 'deactivated' ? 'status' : undefined,
    filterType: role ? show : show === 'deactivated' ? 'deactivated' : undefined,
    sortBy: sort && (USER_SORT_FIELDS as readonly string[]).includes(sort) ? sort : 'createdAt',
    sortType: search.get('dir') === 'asc' ? 'ASC' : 'DESC',
  };
}

/**
 * The link a registrar shares (docs/product.md "Registrar landing page and widget"): the portal with its
 * registrar id.
 */
export const registrarLink = (origin: string, registrarUID: string) =>
  `${origin}/?registrarId=${encodeURIComponent(registrarUID)}`;

const ROLE_NAMES: Record<RoleType, MessageDescriptor> = {
  Admin: msg`Admin`,
  Consultant: msg`Domain Broker`,
  Registrar: msg`Registrar`,
  Buyer: msg`User`,
  Seller: msg`Seller`,
};

const PRIVILEGE_LABELS: Record<Privilege, MessageDescriptor> = {
  AppraisalSearchUnLimit: msg`Unlimited appraisal searches`,
  ShareDownloadAppraisal: msg`Share and download appraisals`,
  EmailAppraisalCertificate: msg`Email appraisal certificates`,
  WeeklyAppraisalSearchHistoryReport: msg`Weekly appraisal search report`,
  ChangeAppraisedDomainValues: msg`Change appraised domain values`,
  ChangeCategoryValues: msg`Change category values`,
};

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Users tab (admin only; docs/product.md "Staff workspace"; docs/api.md "Users"): a searchable, sortable,
 * paged list; create (the new user gets a set-password link by mail), edit, privileges, delete; a
 * consultant's 'accepting leads' toggle; a registrar row's link copied to the clipboard.
 */
export function UsersTab() {
  const { t, i18n } = useLingui();
  const me = useSession((s) => s.profile?.UID);
  const { search, params, change } = useUrlState(userParamsFrom);
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [privileges, setPrivileges] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const show = search.get('show') ?? '';
  const deactivated = params.filterBy === 'status';

  const users = useListQuery([...LIST_KEY, params], () => listUsers(params));
  const toggle = useTabWrite(
    LIST_KEY,
    (input: { id: string; on: boolean }) => updateUser({ id: input.id, body: { acceptingLeads: input.on } }),
    { fallback: msg`User updated successfully` },
  );
  const toggleError = toggle.error;
  const resetToggle = toggle.reset;
  useEffect(() => {
    if (!toggleError) return;
    notifyError(toggleError);
    resetToggle();
  }, [toggleError, resetToggle]);

  const copyLink = async (user: AdminUser) => {
    if (!user.registrarUID) return;
    if (await copyText(registrarLink(window.location.origin, user.registrarUID)))
      notifySuccess(t`Link copied in clipboard`);
    else notifyError(t`Something went wrong`);
  };

  const columns = useMemo(() => {
    const roleName = (u: AdminUser) =>
      u.role ? i18n._(ROLE_NAMES[u.role.roleType]) : i18n._(ROLE_NAMES.Buyer);
    const list: DataTableColumn<AdminUser>[] = [
      col.field('name', () => t`Name`, {
        cell: (value, row) => (
          <span className={styles.person}>
            {row.image ? <img src={row.image} alt="" width={28} height={28} /> : null}
            <span className={styles.wrapText}>{value || '—'}</span>
          </span>
        ),
      }),
      col.field('email', () => t`Email`, {
        sortable: true,
        cell: (value) => <EmailCell email={value} />,
      }),
      col.accessor(roleName, {
        id: 'role',
        header: () => t`Role`,
        cell: (c) => <span className={styles.wrapText}>{c.getValue()}</span>,
      }),
      col.field('phone', () => t`Phone`, { cell: (value) => value || '—' }),
      col.field('createdAt', () => t`Created`, { sortable: true, cell: (value) => day(i18n, value) }),
      col.field('lastLogin', () => t`Last Sign-in`, {
        sortable: true,
        cell: (value) => <span className={styles.wrapText}>{dayTime(i18n, value)}</span>,
      }),
      col.accessor('closeAgentName', {
        id: 'broker',
        header: () => t`Broker`,
        cell: (c) => <span className={styles.wrapText}>{c.getValue() || '—'}</span>,
      }),
      col.accessor((u) => `${u.buyDomainCount} / ${u.appraisedDomainCount} / ${u.sellDomainCount}`, {
        id: 'domains',
        header: () => <span className={styles.wrapText}>{t`Bought / Appraised / Listed`}</span>,
        cell: (c) => c.getValue(),
      }),
      col.display({
        id: 'accepting',
        header: () => <span className={styles.wrapText}>{t`Accepting Leads`}</span>,
        cell: (c) => {
          const u = c.row.original;
          if (!u.roles.some((r) => r.roleType === 'Consultant') || u.deactivatedAt) return '—';
          return (
            <button
              type="button"
              role="switch"
              aria-checked={u.acceptingLeads}
              aria-label={t`Accepting leads: ${u.name || u.email}`}
              className={u.acceptingLeads ? styles.button : styles.secondary}
              disabled={toggle.pending}
              onClick={() => toggle.run({ id: u.UID, on: !u.acceptingLeads })}
            >
              {u.acceptingLeads ? <Trans>On</Trans> : <Trans>Off</Trans>}
            </button>
          );
        },
      }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const u = c.row.original;
          if (u.deactivatedAt) return <Trans>Deleted</Trans>;
          const who = u.name || u.email;
          return (
            <span className={styles.actions}>
              {u.registrarUID && u.roles.some((r) => r.roleType === 'Registrar') ? (
                <button
                  type="button"
                  className={styles.secondary}
                  aria-label={t`Copy the registrar link of ${who}`}
                  title={t`Copy link`}
                  onClick={() => void copyLink(u)}
                >
                  {/* drawn, not an emoji: a system without an emoji font showed an empty box */}
                  <svg
                    aria-hidden="true"
                    focusable="false"
                    viewBox="0 0 24 24"
                    width="16"
                    height="16"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  >
                    <rect x="8" y="8" width="12" height="12" rx="2" />
                    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
                  </svg>
                </button>
              ) : null}
              <RowButton action="edit" name={who} onClick={() => setEditing(u)} />
              <button
                type="button"
                className={styles.secondary}
                aria-label={t`Privileges of ${who}`}
                onClick={() => setPrivileges(u)}
              >
                <Trans>Privileges</Trans>
              </button>
              {u.UID !== me ? <RowButton action="delete" name={who} onClick={() => setDeleting(u)} /> : null}
            </span>
          );
        },
      }),
    ];
    return list;
  }, [t, i18n, me, toggle.pending]);

  const showLabels: Record<string, string> = {
    '': t`All Active Users`,
    Admin: i18n._(ROLE_NAMES.Admin),
    Consultant: i18n._(ROLE_NAMES.Consultant),
    Registrar: i18n._(ROLE_NAMES.Registrar),
    Buyer: i18n._(ROLE_NAMES.Buyer),
    Seller: i18n._(ROLE_NAMES.Seller),
    deactivated: t`Deleted Users`,
  };

  return (
    <>
      <DataTable
        caption={t`Users`}
        columns={columns}
        rows={users.data?.users}
        rowId={(r) => r.UID}
        total={users.data?.pagination.total ?? 0}
        {...urlTable(change, {
          page: params.page,
          search: { value: params.search, label: t`Search name or email` },
          sort: { id: params.sortBy, desc: params.sortType === 'DESC' },
        })}
        pageSize={USERS_PAGE_SIZE}
        filters={
          <>
            <SelectFilter
              label={<Trans>Show</Trans>}
              value={show}
              onChange={(value) => change({ show: value })}
            >
              {SHOW_OPTIONS.map((o) => (
                <option key={o} value={o}>
                  {showLabels[o]}
                </option>
              ))}
            </SelectFilter>
            {deactivated ? null : (
              <button type="button" className={styles.button} onClick={() => setEditing('new')}>
                <Trans>Add User</Trans>
              </button>
            )}
          </>
        }
        {...tableStatus(users)}
      />
      {editing ? (
        <UserDialog
          user={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={() => change({ page: '1', sort: undefined, dir: undefined, show: undefined })}
        />
      ) : null}
      {privileges ? <PrivilegesDialog user={privileges} onClose={() => setPrivileges(null)} /> : null}
      {deleting ? <DeleteDialog user={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}

function useServerText() {
  const { i18n } = useLingui();
  return (message: string | null | undefined) => (message ? fieldText(i18n, message) : (message ?? null));
}

/**
 * An admin's own change answers their fresh profile: it replaces the stored one
 * (docs/product.md "Session and logout").
 */
function refreshOwnSession(answer: { session?: unknown } | undefined) {
  if (answer?.session) useSession.getState().setProfile(answer.session as never);
}

interface UserDialogProps {
  user: AdminUser | null;
  onClose: () => void;
  onCreated: () => void;
}

/** The form waits for the role list, so the role picker starts on the user's role. */
function UserDialog(props: UserDialogProps) {
  const { t } = useLingui();
  const roles = useQuery({ queryKey: ['workspace', 'roles'], queryFn: listRoles, staleTime: 300_000 });
  if (roles.data) return <UserFormDialog {...props} roles={roles.data} />;
  return (
    <Dialog title={props.user ? t`Edit User` : t`Add User`} onClose={props.onClose}>
      {roles.isError ? (
        <p role="alert" className={styles.fieldError}>
          {errorText(roles.error)}
        </p>
      ) : (
        <p role="status" className={styles.muted}>
          <Trans>Loading…</Trans>
        </p>
      )}
    </Dialog>
  );
}

function UserFormDialog({ user, onClose, onCreated, roles }: UserDialogProps & { roles: Role[] }) {
  const { t, i18n } = useLingui();
  const text = useServerText();
  const [image, setImage] = useState(user?.image ?? '');
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useSchemaForm(UserForm, {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    roleId: user?.roleId ?? '',
    phone: user?.phone ?? '',
    website: user?.website ?? '',
    image: user?.image ?? '',
  });
  const create = useTabWrite(LIST_KEY, createUser, {
    fallback: msg`User created successfully: we sent them a link to set their password.`,
    form,
    onDone: () => {
      onCreated();
      onClose();
    },
  });
  const edit = useTabWrite(LIST_KEY, updateUser, {
    fallback: msg`User updated successfully`,
    form,
    onDone: (answer) => {
      refreshOwnSession(answer);
      onClose();
    },
  });
  const write = user ? edit : create;
  const errors = form.formState.errors;
  const fieldError = (key: keyof typeof errors) => {
    const m = errors[key]?.message;
    return m ? { message: text(m) ?? m } : undefined;
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      setImageError(
        problem === 'type'
          ? t`Please upload only .jpg, .jpeg, .png type files.`
          : t`Input value is too long.`,
      );
      return;
    }
    setImageError(null);
    setUploading(true);
    try {
      const stored = await uploadImage(file);
      setImage(stored.url);
    } catch {
      setImageError(t`Invalid image input.`);
    } finally {
      setUploading(false);
    }
  };

  const submit = form.handleSubmit((values) => {
    write.reset();
    const body = {
      firstName: values.firstName,
      lastName: values.lastName,
      roleId: values.roleId,
      phone: values.phone,
      website: values.website,
      image,
    };
    if (user) edit.run({ id: user.UID, body });
    else create.run({ ...body, email: values.email });
  });

  return (
    <FormDialog
      title={user ? t`Edit User` : t`Add User`}
      submitLabel={user ? <Trans>Save Changes</Trans> : <Trans>Create User</Trans>}
      busy={write.pending || uploading}
      error={write.error ? text(write.error) : null}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className={styles.row}>
        <TextField
          label={<Trans>First Name</Trans>}
          registration={form.register('firstName')}
          error={fieldError('firstName')}
          autoComplete="off"
          maxLength={100}
          data-autofocus
        />
        <TextField
          label={<Trans>Last Name</Trans>}
          registration={form.register('lastName')}
          error={fieldError('lastName')}
          autoComplete="off"
          maxLength={100}
          optional
        />
      </div>
      <TextField
        label={<Trans>Email</Trans>}
        registration={form.register('email')}
        error={fieldError('email')}
        type="email"
        autoComplete="off"
        readOnly={user !== null}
        aria-readonly={user !== null}
        hint={user ? <Trans>The email address cannot be changed.</Trans> : undefined}
      />
      <FieldFrame label={<Trans>Role</Trans>} error={fieldError('roleId')}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className={styles.select}
            aria-describedby={describedBy}
            aria-invalid={errors.roleId ? true : undefined}
            {...form.register('roleId')}
          >
            <option value="">{t`Choose a role`}</option>
            {roles.map((r) => (
              <option key={r.UID} value={r.UID}>
                {ROLE_NAMES[r.roleType] ? i18n._(ROLE_NAMES[r.roleType]) : r.roleType}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <PhoneField
        label={<Trans>Phone</Trans>}
        registration={form.register('phone')}
        error={fieldError('phone')}
        optional
      />
      <TextField
        label={<Trans>Website</Trans>}
        registration={form.register('website')}
        error={fieldError('website')}
        type="url"
        inputMode="url"
        placeholder="https://"
        hint={<Trans>Required for a registrar.</Trans>}
      />
      <FieldFrame label={<Trans>Image</Trans>} optional>
        {({ id, describedBy }) => (
          <span className={styles.person}>
            {image ? <img src={image} alt={t`The user’s current avatar`} width={48} height={48} /> : null}
            <input
              id={id}
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              aria-describedby={describedBy}
              onChange={(e) => void onFile(e)}
              disabled={uploading}
            />
            {image ? (
              <button type="button" className={styles.secondary} onClick={() => setImage('')}>
                <Trans>Remove Image</Trans>
              </button>
            ) : null}
          </span>
        )}
      </FieldFrame>
      {uploading ? (
        <p role="status" className={styles.muted}>
          <Trans>Uploading…</Trans>
        </p>
      ) : null}
      <FormError>{imageError}</FormError>
      {!user ? (
        <p className={styles.muted}>
          <Trans>The new user gets an email with a link to choose their password.</Trans>
        </p>
      ) : null}
    </FormDialog>
  );
}

/** The privileges form's fields: a box per privilege and the two percentages as typed. */
type PrivilegeValues = Record<Privilege, boolean> & { percentage: string; commissionPercentage: string };

function PrivilegesDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const text = useServerText();
  const form = useSchemaForm<PrivilegeValues, UpdatePrivilegesBody>(UpdatePrivilegesBody, {
    ...user.userDetail,
    percentage: String(user.userDetail.percentage),
    commissionPercentage: String(user.userDetail.commissionPercentage),
  });
  const { errors } = form.formState;
  const write = useTabWrite(LIST_KEY, updatePrivileges, {
    fallback: msg`Privileges updated successfully`,
    form,
    onDone: (answer) => {
      refreshOwnSession(answer);
      onClose();
    },
  });
  const submit = form.handleSubmit((body) => {
    write.reset();
    write.run({ id: user.UID, body });
  });
  const shown = (key: 'percentage' | 'commissionPercentage') => {
    const m = errors[key]?.message;
    return m ? { message: text(m) ?? m } : undefined;
  };
  const who = user.name || user.email;

  return (
    <FormDialog
      title={t`Privileges of ${who}`}
      submitLabel={<Trans>Save Privileges</Trans>}
      busy={write.pending}
      error={write.error ? text(write.error) : null}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <fieldset className={styles.form}>
        <legend className={styles.muted}>
          <Trans>Privileges</Trans>
        </legend>
        {PRIVILEGES.map((p) => (
          <label key={p} className={styles.check}>
            <input type="checkbox" {...form.register(p)} /> {i18n._(PRIVILEGE_LABELS[p])}
          </label>
        ))}
      </fieldset>
      <div className={formStyles.row}>
        {(
          [
            ['percentage', msg`Initial Fee Percentage`],
            ['commissionPercentage', msg`Commission Percentage`],
          ] as const
        ).map(([key, labelText]) => (
          <TextField
            key={key}
            label={i18n._(labelText)}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            registration={form.register(key)}
            error={shown(key)}
          />
        ))}
      </div>
    </FormDialog>
  );
}

function DeleteDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useLingui();
  const text = useServerText();
  const who = user.name || user.email;
  return (
    <DeleteRowDialog
      title={t`Delete User`}
      listKey={LIST_KEY}
      remove={() => deleteUser(user.UID)}
      fallback={msg`User Deleted`}
      onClose={onClose}
      showError={(error) => (
        <p role="alert" className={styles.fieldError}>
          {text(error)}
        </p>
      )}
    >
      <p>
        <Trans>
          Delete {who}? They can no longer sign in and their personal details are removed; their payments,
          leads and commissions stay on record.
        </Trans>
      </p>
    </DeleteRowDialog>
  );
}
