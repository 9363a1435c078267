import { effectiveRoles } from '@domain-broker/shared/roles';
import {
  type GeneratePromoFormInput,
  type GeneratePromoFormOutput,
  generatePromoForm,
  PROMO_OFFER_PERCENT,
  type PromoCode,
} from '@domain-broker/shared/schemas/checkout';
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
import { formStyles, TextField } from '../../../components/form.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { errorText } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useSession } from '../../../lib/session.ts';
import { pageFrom, useUrlState } from '../../../lib/url-state.ts';
import {
  deletePromoCode,
  type GeneratePromoInput,
  generatePromo,
  listPromoCodes,
  PROMO_PAGE_SIZE,
} from '../api/promo.ts';
import { day, fieldError } from '../messages.ts';
import { isAdmin, todayInput } from '../rules.ts';
import { useTabWrite } from '../use-write.ts';
import styles from '../workspace.module.css';

const LIST_KEY = ['workspace', 'promo-codes'] as const;
const col = dataTableColumns<PromoCode>();

/** How far ahead the form's valid-until starts: as long as the codes mailed on sign-up last. */
export const DEFAULT_VALID_DAYS = 30;

export function defaultValidThru(now: Date = new Date()): string {
  return todayInput(new Date(now.getTime() + DEFAULT_VALID_DAYS * 86_400_000));
}

/**
 * The Promo Code tab (spec §2 "Admin sub-screens"): staff generate 100% codes and see every code with
 * who made it (or Auto) and how often it was used, 10 a page, newest first; only an admin deletes.
 */
export function PromoCodeTab() {
  const { t, i18n } = useLingui();
  const admin = isAdmin(effectiveRoles(useSession((s) => s.profile)?.roles));
  const { params: page, change } = useUrlState(pageFrom);
  const [generating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);

  const codes = useQuery({
    queryKey: [...LIST_KEY, page],
    queryFn: () => listPromoCodes(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const setPage = (next: number) => change({ page: String(next) });

  const columns = useMemo(() => {
    const list: DataTableColumn<PromoCode>[] = [
      col.accessor('code', { id: 'code', header: () => t`Code`, cell: (c) => <code>{c.getValue()}</code> }),
      col.accessor('offerPercent', { id: 'offer', header: () => t`Offer`, cell: (c) => `${c.getValue()}%` }),
      col.accessor('reUsableCount', { id: 'reuse', header: () => t`Reuse Count`, cell: (c) => c.getValue() }),
      col.accessor((r) => r.promoDetails.length, {
        id: 'used',
        header: () => t`Used Count`,
        cell: (c) => c.getValue(),
      }),
      col.accessor('validThru', {
        id: 'validThru',
        header: () => t`Valid Until`,
        cell: (c) => day(i18n, c.getValue()),
      }),
      col.accessor('createdUser', {
        id: 'createdUser',
        header: () => t`Created By`,
        cell: (c) => (c.getValue() === 'Auto' ? t`Auto` : c.getValue()),
      }),
      col.accessor('createdAt', {
        id: 'createdAt',
        header: () => t`Created`,
        cell: (c) => day(i18n, c.getValue()),
      }),
    ];
    if (admin) {
      list.push(
        col.display({
          id: 'delete',
          header: () => t`Delete`,
          cell: (c) => (
            <button
              type="button"
              className={styles.danger}
              aria-label={t`Delete ${c.row.original.code}`}
              onClick={() => setDeleting(c.row.original)}
            >
              <Trans>Delete</Trans>
            </button>
          ),
        }),
      );
    }
    return list;
  }, [admin, t, i18n]);

  return (
    <>
      <DataTable
        caption={t`Promo codes`}
        columns={columns}
        rows={codes.data?.items}
        rowId={(r) => r.UID}
        total={codes.data?.total ?? 0}
        page={page}
        pageSize={PROMO_PAGE_SIZE}
        onPageChange={setPage}
        filters={
          <button type="button" className={styles.button} onClick={() => setGenerating(true)}>
            <Trans>Generate Promo Code</Trans>
          </button>
        }
        loading={codes.isPending}
        fetching={codes.isFetching}
        error={codes.isError ? errorText(codes.error) : null}
        onRetry={() => void codes.refetch()}
      />
      {generating ? <GenerateDialog onClose={() => setGenerating(false)} onDone={() => setPage(1)} /> : null}
      {deleting ? <DeleteDialog code={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}

function GenerateDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const today = todayInput();
  const schema = useMemo(() => generatePromoForm(today), [today]);
  const form = useSchemaForm<GeneratePromoFormInput, GeneratePromoFormOutput>(schema, {
    code: '',
    reUsableCount: '1',
    validThru: defaultValidThru(),
  });
  const errors = form.formState.errors;
  const write = useTabWrite(LIST_KEY, (input: GeneratePromoInput) => generatePromo(input), {
    fallback: msg`Promo code created successfully`,
    form,
    onDone: () => {
      onDone();
      onClose();
    },
  });

  return (
    <FormDialog
      title={t`Generate Promo Code`}
      submitLabel={<Trans>Generate</Trans>}
      busy={write.pending}
      error={write.error}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) => write.run(values))}
    >
      <TextField
        label={t`Code`}
        autoComplete="off"
        maxLength={64}
        registration={form.register('code')}
        error={fieldError(i18n, errors.code)}
        data-autofocus
      />
      <TextField label={t`Offer (%)`} value={PROMO_OFFER_PERCENT} readOnly aria-readonly />
      <div className={formStyles.row}>
        <TextField
          label={t`Valid Until`}
          type="date"
          min={today}
          registration={form.register('validThru')}
          error={fieldError(i18n, errors.validThru)}
        />
        <TextField
          label={t`Reuse Count`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          registration={form.register('reUsableCount')}
          error={fieldError(i18n, errors.reUsableCount)}
        />
      </div>
    </FormDialog>
  );
}

function DeleteDialog({ code, onClose }: { code: PromoCode; onClose: () => void }) {
  const { t } = useLingui();
  const write = useTabWrite(LIST_KEY, (id: string) => deletePromoCode(id), {
    fallback: msg`Deleted successfully`,
    onDone: onClose,
  });
  return (
    <ConfirmDialog
      title={t`Delete Promo Code`}
      busy={write.pending}
      onConfirm={() => write.run(code.UID)}
      onClose={onClose}
      confirmLabel={<Trans>Delete</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      error={write.error}
    >
      <p>
        <Trans>
          Delete the promo code <code>{code.code}</code>? Payments already made with it keep their record.
        </Trans>
      </p>
    </ConfirmDialog>
  );
}
