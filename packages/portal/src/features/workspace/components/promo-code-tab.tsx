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
import { useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { tableStatus, urlTable, useListQuery } from '#portal/components/data-table/query.ts';
import { formStyles, TextField } from '#portal/components/form.tsx';
import { FormDialog } from '#portal/components/form-dialog.tsx';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSession } from '#portal/lib/session.ts';
import { pageFrom, useUrlState } from '#portal/lib/url-state.ts';
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
import { DeleteRowDialog } from './delete-dialog.tsx';
import { RowButton } from './row-button.tsx';

const LIST_KEY = ['workspace', 'promo-codes'] as const;
const col = dataTableColumns<PromoCode>();

/** How far ahead the form's valid-until starts: as long as the codes mailed on sign-up last. */
export const DEFAULT_VALID_DAYS = 30;

export function defaultValidThru(now: Date = new Date()): string {
  return todayInput(new Date(now.getTime() + DEFAULT_VALID_DAYS * 86_400_000));
}

/**
 * The Promo Code tab (docs/product.md "Staff workspace", "Promo codes"): staff generate 100% codes and see
 * every code with who made it (or Auto) and how often it was used, 10 a page, newest first; only an admin
 * deletes.
 */
export function PromoCodeTab() {
  const { t, i18n } = useLingui();
  const admin = isAdmin(effectiveRoles(useSession((s) => s.profile)?.roles));
  const { params: page, change } = useUrlState(pageFrom);
  const [generating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);

  const codes = useListQuery([...LIST_KEY, page], () => listPromoCodes(page));

  const columns = useMemo(() => {
    const list: DataTableColumn<PromoCode>[] = [
      col.field('code', () => t`Code`, { cell: (value) => <code>{value}</code> }),
      col.accessor('offerPercent', { id: 'offer', header: () => t`Offer`, cell: (c) => `${c.getValue()}%` }),
      col.accessor('reUsableCount', { id: 'reuse', header: () => t`Reuse Count`, cell: (c) => c.getValue() }),
      col.accessor((r) => r.promoDetails.length, {
        id: 'used',
        header: () => t`Used Count`,
        cell: (c) => c.getValue(),
      }),
      col.field('validThru', () => t`Valid Until`, { cell: (value) => day(i18n, value) }),
      col.field('createdUser', () => t`Created By`, {
        cell: (value) => (value === 'Auto' ? t`Auto` : value),
      }),
      col.field('createdAt', () => t`Created`, { cell: (value) => day(i18n, value) }),
    ];
    if (admin) {
      list.push(
        col.display({
          id: 'delete',
          header: () => t`Delete`,
          cell: (c) => (
            <RowButton
              action="delete"
              name={c.row.original.code}
              onClick={() => setDeleting(c.row.original)}
            />
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
        {...urlTable(change, { page })}
        pageSize={PROMO_PAGE_SIZE}
        filters={
          <button type="button" className={styles.button} onClick={() => setGenerating(true)}>
            <Trans>Generate Promo Code</Trans>
          </button>
        }
        {...tableStatus(codes)}
      />
      {generating ? (
        <GenerateDialog onClose={() => setGenerating(false)} onDone={() => change({ page: '1' })} />
      ) : null}
      {deleting ? (
        <DeleteRowDialog
          title={t`Delete Promo Code`}
          listKey={LIST_KEY}
          remove={() => deletePromoCode(deleting.UID)}
          onClose={() => setDeleting(null)}
        >
          <p>
            <Trans>
              Delete the promo code <code>{deleting.code}</code>? Payments already made with it keep their
              record.
            </Trans>
          </p>
        </DeleteRowDialog>
      ) : null}
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
