import {
  type CreateManualAppraisalBody,
  type ManualAppraisal,
  ManualAppraisalForm,
} from '@domain-broker/shared/schemas/appraisal';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '../../../components/data-table/data-table.tsx';
import { CheckboxField, TextField } from '../../../components/form.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useSession } from '../../../lib/session.ts';
import { pageFrom, termFrom, useUrlState } from '../../../lib/url-state.ts';
import {
  createManualAppraisal,
  deleteManualAppraisal,
  listManualAppraisals,
  type ManualAppraisalInput,
  type ManualAppraisalListParams,
  updateManualAppraisal,
} from '../api/manual-appraisal.ts';
import { day, fieldError, money } from '../messages.ts';
import { useTabWrite } from '../use-write.ts';
import styles from '../workspace.module.css';

const LIST_KEY = ['workspace', 'manual-appraisals'] as const;
const PAGE_SIZE = 10;
const SORTS = ['createdAt', 'updatedAt', 'domainName', 'manualValue', 'isBlocked'] as const;
const col = dataTableColumns<ManualAppraisal>();

/** The list's query from the address (search, sort, dir, page); createdAt DESC by default (spec §9). */
export function appraisalParamsFrom(search: URLSearchParams): ManualAppraisalListParams {
  const sort = search.get('sort');
  return {
    search: termFrom(search, 253),
    page: pageFrom(search),
    limit: PAGE_SIZE,
    sortBy: sort && (SORTS as readonly string[]).includes(sort) ? sort : 'createdAt',
    sortType: search.get('dir') === 'asc' ? 'asc' : 'desc',
  };
}

type AppraisalFormValues = { domainName: string; manualValue: string; isBlocked: boolean };

/**
 * The Manual Appraisals tab (spec §2 "Admin sub-screens", §4, §5): every staff member lists entries and
 * adds one for a new domain; changing or removing a value (edit, delete, overwriting an existing
 * domain) needs ChangeAppraisedDomainValues, as the server requires.
 */
export function ManualAppraisalsTab() {
  const { t, i18n } = useLingui();
  const canChange = useSession((s) => s.profile?.userDetail?.ChangeAppraisedDomainValues === true);
  const { params, change } = useUrlState(appraisalParamsFrom);
  const [editing, setEditing] = useState<ManualAppraisal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManualAppraisal | null>(null);

  const entries = useQuery({
    queryKey: [...LIST_KEY, params],
    queryFn: () => listManualAppraisals(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

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
  const form = useSchemaForm<AppraisalFormValues, CreateManualAppraisalBody>(ManualAppraisalForm, {
    domainName: entry?.domainName ?? '',
    manualValue: entry && entry.manualValue > 0 ? String(entry.manualValue) : '',
    isBlocked: entry?.isBlocked ?? false,
  });
  const errors = form.formState.errors;
  const [existing, setExisting] = useState<ManualAppraisalInput | null>(null);
  const [overwriting, setOverwriting] = useState(false);
  const write = useTabWrite(
    LIST_KEY,
    ({ input, overwrite }: { input: ManualAppraisalInput; overwrite: boolean }) =>
      entry ? updateManualAppraisal(entry.UID, input) : createManualAppraisal(input, overwrite),
    { fallback: msg`Updated domain details`, form, onDone: onClose },
  );
  const exists = write.failure instanceof ApiError && write.failure.code === 'MANUAL_APPRAISAL_EXISTS';

  const submit = form.handleSubmit((values) => {
    const input: ManualAppraisalInput = {
      domainName: values.domainName,
      manualValue: values.manualValue ?? 0,
      isBlocked: values.isBlocked ?? false,
    };
    setExisting(entry ? null : input);
    write.reset();
    write.run({ input, overwrite: false });
  });

  if ((exists || overwriting) && existing && canOverwrite) {
    return (
      <ConfirmDialog
        title={t`Domain Already Exists`}
        busy={write.pending}
        error={overwriting ? write.error : null}
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
      </ConfirmDialog>
    );
  }

  return (
    <FormDialog
      title={entry ? t`Edit Manual Appraisal` : t`Add Manual Appraisal`}
      submitLabel={<Trans>Save</Trans>}
      busy={write.pending}
      error={
        exists && !entry ? (
          <Trans>
            This domain already has a manual appraisal; changing it needs the permission to change appraised
            values.
          </Trans>
        ) : exists ? (
          <Trans>Another manual appraisal already has this domain.</Trans>
        ) : (
          write.error
        )
      }
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        label={t`Domain Name`}
        autoComplete="off"
        maxLength={253}
        registration={form.register('domainName')}
        error={fieldError(i18n, errors.domainName)}
        data-autofocus
      />
      <TextField
        label={t`Value (USD)`}
        inputMode="numeric"
        registration={form.register('manualValue')}
        error={fieldError(i18n, errors.manualValue)}
      />
      <CheckboxField label={t`Blocked (no online appraisal)`} registration={form.register('isBlocked')} />
    </FormDialog>
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
      error={write.error}
    >
      <p>
        <Trans>Delete the manual appraisal of {entry.domainName}?</Trans>
      </p>
    </ConfirmDialog>
  );
}
