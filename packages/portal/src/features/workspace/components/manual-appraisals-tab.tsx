import { DOMAIN_VALUE_REQUIRED_MESSAGE, type ManualAppraisal } from '@domain-broker/shared/schemas/appraisal';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '../../../components/data-table/data-table.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import {
  createManualAppraisal,
  deleteManualAppraisal,
  listManualAppraisals,
  type ManualAppraisalInput,
  type ManualAppraisalListParams,
  updateManualAppraisal,
} from '../api/manual-appraisal.ts';
import { day, fieldText, money } from '../messages.ts';
import { useTabWrite } from '../use-tab-write.ts';
import styles from '../workspace.module.css';

const LIST_KEY = ['workspace', 'manual-appraisals'] as const;
const PAGE_SIZE = 10;
const SORTS = ['createdAt', 'updatedAt', 'domainName', 'manualValue', 'isBlocked'] as const;
const col = dataTableColumns<ManualAppraisal>();

/** The list's query from the address (search, sort, dir, page); createdAt DESC by default (spec §9). */
export function appraisalParamsFrom(search: URLSearchParams): ManualAppraisalListParams {
  const page = Number(search.get('page'));
  const sort = search.get('sort');
  return {
    search: (search.get('search') ?? '').trim().slice(0, 253) || undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: PAGE_SIZE,
    sortBy: sort && (SORTS as readonly string[]).includes(sort) ? sort : 'createdAt',
    sortType: search.get('dir') === 'asc' ? 'asc' : 'desc',
  };
}

/** The form's checks (spec §5 "Manual appraisal"): a domain, and a nonzero whole value or Blocked. */
export function appraisalFormErrors(form: { domainName: string; manualValue: string; isBlocked: boolean }) {
  const errors: Record<string, string> = {};
  if (!form.domainName.trim()) errors.domainName = 'domainName key is mandatory.';
  const value = form.manualValue.trim();
  if (value !== '' && !/^\d{1,10}$/.test(value)) errors.manualValue = DOMAIN_VALUE_REQUIRED_MESSAGE;
  else if (!form.isBlocked && Number(value || '0') <= 0) errors.manualValue = DOMAIN_VALUE_REQUIRED_MESSAGE;
  return errors;
}

/**
 * The Manual Appraisals tab (spec §2 "Admin sub-screens", §4, §5): every staff member lists entries and
 * adds one for a new domain; changing or removing a value (edit, delete, overwriting an existing
 * domain) needs ChangeAppraisedDomainValues, as the server requires.
 */
export function ManualAppraisalsTab() {
  const { t, i18n } = useLingui();
  const canChange = useSession((s) => s.profile?.userDetail?.ChangeAppraisedDomainValues === true);
  const [search, setSearch] = useSearchParams();
  const params = appraisalParamsFrom(search);
  const [editing, setEditing] = useState<ManualAppraisal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManualAppraisal | null>(null);

  const entries = useQuery({
    queryKey: [...LIST_KEY, params],
    queryFn: () => listManualAppraisals(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const change = (c: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(c)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in c) || c.page === '1') next.delete('page');
    setSearch(next);
  };

  const columns = useMemo(() => {
    const list: DataTableColumn<ManualAppraisal>[] = [
      col.accessor('domainName', {
        id: 'domainName',
        header: () => t`Domain`,
        enableSorting: true,
        cell: (c) => c.getValue(),
      }),
      col.accessor('manualValue', {
        id: 'manualValue',
        header: () => t`Value`,
        enableSorting: true,
        cell: (c) => (c.getValue() > 0 ? money(i18n, c.getValue()) : '—'),
      }),
      col.accessor('isBlocked', {
        id: 'isBlocked',
        header: () => t`Blocked`,
        enableSorting: true,
        cell: (c) => (c.getValue() ? t`Yes` : t`No`),
      }),
      col.accessor('createdAt', {
        id: 'createdAt',
        header: () => t`Created`,
        enableSorting: true,
        cell: (c) => day(i18n, c.getValue()),
      }),
      col.accessor('updatedAt', {
        id: 'updatedAt',
        header: () => t`Updated`,
        enableSorting: true,
        cell: (c) => day(i18n, c.getValue()),
      }),
    ];
    if (canChange) {
      list.push(
        col.display({
          id: 'actions',
          header: () => t`Actions`,
          cell: (c) => (
            <span className={styles.actions}>
              <button
                type="button"
                className={styles.secondary}
                aria-label={t`Edit ${c.row.original.domainName}`}
                onClick={() => setEditing(c.row.original)}
              >
                <Trans>Edit</Trans>
              </button>
              <button
                type="button"
                className={styles.danger}
                aria-label={t`Delete ${c.row.original.domainName}`}
                onClick={() => setDeleting(c.row.original)}
              >
                <Trans>Delete</Trans>
              </button>
            </span>
          ),
        }),
      );
    }
    return list;
  }, [canChange, t, i18n]);

  return (
    <>
      <DataTable
        caption={t`Manual appraisals`}
        columns={columns}
        rows={entries.data?.items}
        rowId={(r) => r.UID}
        total={entries.data?.total ?? 0}
        page={params.page}
        pageSize={PAGE_SIZE}
        onPageChange={(page) => change({ page: String(page) })}
        sort={{ id: params.sortBy, desc: params.sortType === 'desc' }}
        onSortChange={(s) => change({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
        search={{
          value: params.search ?? '',
          onChange: (value) => change({ search: value }),
          label: t`Search domain`,
        }}
        filters={
          <button type="button" className={styles.button} onClick={() => setEditing('new')}>
            <Trans>Add Manual Appraisal</Trans>
          </button>
        }
        loading={entries.isPending}
        fetching={entries.isFetching}
        error={entries.isError ? errorText(entries.error) : null}
        onRetry={() => void entries.refetch()}
      />
      {editing ? (
        <AppraisalDialog
          entry={editing === 'new' ? null : editing}
          canOverwrite={canChange}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? <DeleteDialog entry={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}

function AppraisalDialog({
  entry,
  canOverwrite,
  onClose,
}: {
  entry: ManualAppraisal | null;
  canOverwrite: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState({
    domainName: entry?.domainName ?? '',
    manualValue: entry && entry.manualValue > 0 ? String(entry.manualValue) : '',
    isBlocked: entry?.isBlocked ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [existing, setExisting] = useState<ManualAppraisalInput | null>(null);
  const [overwriting, setOverwriting] = useState(false);
  const ids = { domain: useId(), value: useId(), blocked: useId() };
  const write = useTabWrite(
    LIST_KEY,
    ({ input, overwrite }: { input: ManualAppraisalInput; overwrite: boolean }) =>
      entry ? updateManualAppraisal(entry.UID, input) : createManualAppraisal(input, overwrite),
    { fallback: msg`Updated domain details`, onDone: onClose },
  );
  const exists = write.failure instanceof ApiError && write.failure.code === 'MANUAL_APPRAISAL_EXISTS';
  const shown = { ...errors, ...write.fieldErrors };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = appraisalFormErrors(form);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, m]) => [k, fieldText(i18n, m)])));
    if (Object.keys(found).length) return;
    const input: ManualAppraisalInput = {
      domainName: form.domainName.trim(),
      manualValue: Number(form.manualValue.trim() || '0'),
      isBlocked: form.isBlocked,
    };
    setExisting(entry ? null : input);
    write.reset();
    write.run({ input, overwrite: false });
  };
  const described = (key: string, id: string) => (shown[key] ? `${id}-error` : undefined);
  const error = (key: string, id: string) =>
    shown[key] ? (
      <p id={`${id}-error`} role="alert" className={styles.fieldError}>
        {shown[key]}
      </p>
    ) : null;

  if ((exists || overwriting) && existing && canOverwrite) {
    return (
      <ConfirmDialog
        title={t`Domain Already Exists`}
        busy={write.pending}
        onConfirm={() => {
          setOverwriting(true);
          write.run({ input: existing, overwrite: true });
        }}
        onClose={onClose}
        confirmLabel={<Trans>Overwrite</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
      >
        <p>
          <Trans>This domain is already exist, still want to overwrite it?</Trans>
        </p>
        {overwriting && write.error ? (
          <p role="alert" className={styles.fieldError}>
            {write.error}
          </p>
        ) : null}
      </ConfirmDialog>
    );
  }

  return (
    <Dialog
      title={entry ? t`Edit Manual Appraisal` : t`Add Manual Appraisal`}
      onClose={() => !write.pending && onClose()}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids.domain}>
            <Trans>Domain Name</Trans>
          </label>
          <input
            id={ids.domain}
            className={styles.input}
            value={form.domainName}
            onChange={(e) => setForm((f) => ({ ...f, domainName: e.target.value }))}
            autoComplete="off"
            maxLength={253}
            aria-invalid={shown.domainName ? true : undefined}
            aria-describedby={described('domainName', ids.domain)}
            data-autofocus
          />
          {error('domainName', ids.domain)}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.value}>
            <Trans>Value (USD)</Trans>
          </label>
          <input
            id={ids.value}
            className={styles.input}
            inputMode="numeric"
            value={form.manualValue}
            onChange={(e) => setForm((f) => ({ ...f, manualValue: e.target.value }))}
            aria-invalid={shown.manualValue ? true : undefined}
            aria-describedby={described('manualValue', ids.value)}
          />
          {error('manualValue', ids.value)}
        </div>
        <div className={styles.check}>
          <input
            id={ids.blocked}
            type="checkbox"
            checked={form.isBlocked}
            onChange={(e) => setForm((f) => ({ ...f, isBlocked: e.target.checked }))}
          />
          <label htmlFor={ids.blocked}>
            <Trans>Blocked (no online appraisal)</Trans>
          </label>
        </div>
        {exists && !entry ? (
          <p role="alert" className={styles.fieldError}>
            <Trans>
              This domain already has a manual appraisal; changing it needs the permission to change appraised
              values.
            </Trans>
          </p>
        ) : exists ? (
          <p role="alert" className={styles.fieldError}>
            <Trans>Another manual appraisal already has this domain.</Trans>
          </p>
        ) : write.error ? (
          <p role="alert" className={styles.fieldError}>
            {write.error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={write.pending} aria-busy={write.pending}>
            <Trans>Save</Trans>
          </button>
          <button type="button" className={styles.secondary} onClick={onClose} disabled={write.pending}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ entry, onClose }: { entry: ManualAppraisal; onClose: () => void }) {
  const { t } = useLingui();
  const write = useTabWrite(LIST_KEY, (id: string) => deleteManualAppraisal(id), {
    fallback: msg`Deleted successfully`,
    onDone: onClose,
  });
  return (
    <ConfirmDialog
      title={t`Delete Manual Appraisal`}
      busy={write.pending}
      onConfirm={() => write.run(entry.UID)}
      onClose={onClose}
      confirmLabel={<Trans>Delete</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
    >
      <p>
        <Trans>Delete the manual appraisal of {entry.domainName}?</Trans>
      </p>
      {write.error ? (
        <p role="alert" className={styles.fieldError}>
          {write.error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
