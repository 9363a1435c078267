import {
  type CreateManualAppraisalBody,
  type ManualAppraisal,
  ManualAppraisalForm,
} from '@domain-broker/shared/schemas/appraisal';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '#portal/components/confirm-dialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { tableStatus, urlTable, useListQuery } from '#portal/components/data-table/query.ts';
import { CheckboxField, TextField } from '#portal/components/form.tsx';
import { FormDialog } from '#portal/components/form-dialog.tsx';
import { ApiError } from '#portal/lib/api.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSession } from '#portal/lib/session.ts';
import { pageFrom, termFrom, useUrlState } from '#portal/lib/url-state.ts';
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
import { DeleteRowDialog } from './delete-dialog.tsx';
import { RowButton } from './row-button.tsx';

const LIST_KEY = ['workspace', 'manual-appraisals'] as const;
const PAGE_SIZE = 10;
const SORTS = ['createdAt', 'updatedAt', 'domainName', 'manualValue', 'isBlocked'] as const;
const col = dataTableColumns<ManualAppraisal>();

/**
 * The list's query from the address (search, sort, dir, page); createdAt DESC by default
 * (docs/product.md "Business constants and limits").
 */
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
 * The Manual Appraisals tab (docs/product.md "Staff workspace"): every staff member lists entries and
 * adds one for a new domain; changing or removing a value (edit, delete, overwriting an existing
 * domain) needs ChangeAppraisedDomainValues, as the server requires.
 */
export function ManualAppraisalsTab() {
  const { t, i18n } = useLingui();
  const canChange = useSession((s) => s.profile?.userDetail?.ChangeAppraisedDomainValues === true);
  const { params, change } = useUrlState(appraisalParamsFrom);
  const [editing, setEditing] = useState<ManualAppraisal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ManualAppraisal | null>(null);

  const entries = useListQuery([...LIST_KEY, params], () => listManualAppraisals(params));

  const columns = useMemo(() => {
    const list: DataTableColumn<ManualAppraisal>[] = [
      col.field('domainName', () => t`Domain`, { sortable: true }),
      col.field('manualValue', () => t`Value`, {
        sortable: true,
        cell: (value) => (value > 0 ? money(i18n, value) : '—'),
      }),
      col.field('isBlocked', () => t`Blocked`, { sortable: true, cell: (value) => (value ? t`Yes` : t`No`) }),
      col.field('createdAt', () => t`Created`, { sortable: true, cell: (value) => day(i18n, value) }),
      col.field('updatedAt', () => t`Updated`, { sortable: true, cell: (value) => day(i18n, value) }),
    ];
    if (canChange) {
      list.push(
        col.display({
          id: 'actions',
          header: () => t`Actions`,
          cell: (c) => (
            <span className={styles.actions}>
              <RowButton
                action="edit"
                name={c.row.original.domainName}
                onClick={() => setEditing(c.row.original)}
              />
              <RowButton
                action="delete"
                name={c.row.original.domainName}
                onClick={() => setDeleting(c.row.original)}
              />
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
        {...urlTable(change, {
          page: params.page,
          search: { value: params.search, label: t`Search domain` },
          sort: { id: params.sortBy, desc: params.sortType === 'desc' },
        })}
        pageSize={PAGE_SIZE}
        filters={
          <button type="button" className={styles.button} onClick={() => setEditing('new')}>
            <Trans>Add Manual Appraisal</Trans>
          </button>
        }
        {...tableStatus(entries)}
      />
      {editing ? (
        <AppraisalDialog
          entry={editing === 'new' ? null : editing}
          canOverwrite={canChange}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteRowDialog
          title={t`Delete Manual Appraisal`}
          listKey={LIST_KEY}
          remove={() => deleteManualAppraisal(deleting.UID)}
          onClose={() => setDeleting(null)}
        >
          <p>
            <Trans>Delete the manual appraisal of {deleting.domainName}?</Trans>
          </p>
        </DeleteRowDialog>
      ) : null}
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
