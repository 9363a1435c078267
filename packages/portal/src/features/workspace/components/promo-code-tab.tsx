import { effectiveRoles } from '@domain-broker/shared/roles';
import {
  PROMO_CODE_INVALID_MESSAGE,
  PROMO_CODE_MIN_LENGTH,
  PROMO_OFFER_PERCENT,
  type PromoCode,
} from '@domain-broker/shared/schemas/checkout';
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
import { errorText } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import {
  deletePromoCode,
  type GeneratePromoInput,
  generatePromo,
  listPromoCodes,
  PROMO_PAGE_SIZE,
} from '../api/promo.ts';
import { day, fieldText } from '../messages.ts';
import { isAdmin, todayInput } from '../rules.ts';
import { useTabWrite } from '../use-tab-write.ts';
import styles from '../workspace.module.css';

const LIST_KEY = ['workspace', 'promo-codes'] as const;
const col = dataTableColumns<PromoCode>();

/** How far ahead the form's valid-until starts: as long as the codes mailed on sign-up last. */
export const DEFAULT_VALID_DAYS = 30;

export function defaultValidThru(now: Date = new Date()): string {
  return todayInput(new Date(now.getTime() + DEFAULT_VALID_DAYS * 86_400_000));
}

/** The generate form's checks (spec §5 "Promo code"), before the server checks them again. */
export function promoFormErrors(
  form: { code: string; reUsableCount: string; validThru: string },
  today: string,
) {
  const errors: Record<string, string> = {};
  const code = form.code.trim();
  if (code.length < PROMO_CODE_MIN_LENGTH || code.length > 64 || !/^[A-Za-z0-9_-]+$/.test(code))
    errors.code = PROMO_CODE_INVALID_MESSAGE;
  if (!/^\d{1,6}$/.test(form.reUsableCount.trim()) || Number(form.reUsableCount) < 1)
    errors.reUsableCount = 'Invalid entry.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.validThru) || Number.isNaN(Date.parse(form.validThru)))
    errors.validThru = 'Invalid date format.';
  else if (form.validThru < today) errors.validThru = 'The date cannot be in the past.';
  return errors;
}

/**
 * The Promo Code tab (spec §2 "Admin sub-screens"): staff generate 100% codes and see every code with
 * who made it (or Auto) and how often it was used, 10 a page, newest first; only an admin deletes.
 */
export function PromoCodeTab() {
  const { t, i18n } = useLingui();
  const admin = isAdmin(effectiveRoles(useSession((s) => s.profile)?.roles));
  const [search, setSearch] = useSearchParams();
  const pageParam = Number(search.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const [generating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);

  const codes = useQuery({
    queryKey: [...LIST_KEY, page],
    queryFn: () => listPromoCodes(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const setPage = (next: number) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearch(params);
  };

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
  const [form, setForm] = useState({ code: '', reUsableCount: '1', validThru: defaultValidThru() });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { code: useId(), offer: useId(), reuse: useId(), valid: useId() };
  const write = useTabWrite(LIST_KEY, (input: GeneratePromoInput) => generatePromo(input), {
    fallback: msg`Promo code created successfully`,
    onDone: () => {
      onDone();
      onClose();
    },
  });
  const shown = { ...errors, ...write.fieldErrors };
  const today = todayInput();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = promoFormErrors(form, today);
    const translated = Object.fromEntries(Object.entries(found).map(([k, m]) => [k, fieldText(i18n, m)]));
    setErrors(translated);
    if (Object.keys(found).length) return;
    write.reset();
    write.run({
      code: form.code.trim(),
      reUsableCount: Number(form.reUsableCount),
      validThru: form.validThru,
    });
  };
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const described = (key: string, id: string) => (shown[key] ? `${id}-error` : undefined);
  const error = (key: string, id: string) =>
    shown[key] ? (
      <p id={`${id}-error`} role="alert" className={styles.fieldError}>
        {shown[key]}
      </p>
    ) : null;

  return (
    <Dialog title={t`Generate Promo Code`} onClose={() => !write.pending && onClose()}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={ids.code}>
            <Trans>Code</Trans>
          </label>
          <input
            id={ids.code}
            className={styles.input}
            value={form.code}
            onChange={set('code')}
            autoComplete="off"
            maxLength={64}
            aria-invalid={shown.code ? true : undefined}
            aria-describedby={described('code', ids.code)}
            data-autofocus
          />
          {error('code', ids.code)}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.offer}>
            <Trans>Offer (%)</Trans>
          </label>
          <input id={ids.offer} className={styles.input} value={PROMO_OFFER_PERCENT} readOnly aria-readonly />
        </div>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor={ids.valid}>
              <Trans>Valid Until</Trans>
            </label>
            <input
              id={ids.valid}
              type="date"
              className={styles.input}
              min={today}
              value={form.validThru}
              onChange={set('validThru')}
              aria-invalid={shown.validThru ? true : undefined}
              aria-describedby={described('validThru', ids.valid)}
            />
            {error('validThru', ids.valid)}
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.reuse}>
              <Trans>Reuse Count</Trans>
            </label>
            <input
              id={ids.reuse}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className={styles.input}
              value={form.reUsableCount}
              onChange={set('reUsableCount')}
              aria-invalid={shown.reUsableCount ? true : undefined}
              aria-describedby={described('reUsableCount', ids.reuse)}
            />
            {error('reUsableCount', ids.reuse)}
          </div>
        </div>
        {write.error ? (
          <p role="alert" className={styles.fieldError}>
            {write.error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={write.pending} aria-busy={write.pending}>
            <Trans>Generate</Trans>
          </button>
          <button type="button" className={styles.secondary} onClick={onClose} disabled={write.pending}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Dialog>
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
    >
      <p>
        <Trans>
          Delete the promo code <code>{code.code}</code>? Payments already made with it keep their record.
        </Trans>
      </p>
      {write.error ? (
        <p role="alert" className={styles.fieldError}>
          {write.error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
