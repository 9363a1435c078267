import {
  NO_TRANSACTION_DATA_MESSAGE,
  RecordPayoutBody,
  type SettleRow,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { AccountOptions, DateRangeFilter, SelectFilter } from '#portal/components/data-table/filters.tsx';
import { tableStatus, useListQuery, wholeList } from '#portal/components/data-table/query.ts';
import { formStyles, TextField } from '#portal/components/form.tsx';
import { FormDialog } from '#portal/components/form-dialog.tsx';
import { notifyError } from '#portal/lib/notify.ts';
import { payloadSchema, useSchemaForm } from '#portal/lib/schema-form.ts';
import { useUrlState } from '#portal/lib/url-state.ts';
import {
  getSettleSummary,
  getStatements,
  listRegistrarOptions,
  recordPayout,
  type SettleParams,
  useTransactionCsv,
} from '../api/registrar-settlement.ts';
import { day, fieldError, money } from '../messages.ts';
import { todayInput } from '../rules.ts';
import { useTabWrite } from '../use-write.ts';
import styles from '../workspace.module.css';

const LIST_KEY = ['workspace', 'registrar-settlement'] as const;
/** The payout's fields, named as the payload's. */
type PayoutValues = { month: string; amount: string; paidAt: string; reference: string };
const col = dataTableColumns<SettleRow>();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period shown without dates in the address: the current month up to today. */
export function defaultPeriod(now: Date = new Date()): { startDate: string; endDate: string } {
  const today = todayInput(now);
  return { startDate: `${today.slice(0, 7)}-01`, endDate: today };
}

/** The month before `now` (YYYY-MM): the one a payout usually settles. */
export function previousMonth(now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** The tab's filters from the address (?source=, ?start=, ?end=), so a reload keeps them. */
export function settleParamsFrom(search: URLSearchParams, now: Date = new Date()): SettleParams {
  const fallback = defaultPeriod(now);
  const start = search.get('start');
  const end = search.get('end');
  const source = (search.get('source') ?? '').trim();
  return {
    startDate: start && DAY.test(start) ? start : fallback.startDate,
    endDate: end && DAY.test(end) ? end : fallback.endDate,
    registrarUID: /^[A-Za-z0-9._-]{1,64}$/.test(source) ? source : '',
  };
}

/** Where an admin opens a registrar's affiliate dashboard, or every registrar's together. */
export const affiliateViewHref = (registrarUID: string | null): string =>
  `/dashboard?view=affiliate&registrar=${encodeURIComponent(registrarUID ?? 'all')}`;

/**
 * The Registrar Dashboard tab (docs/product.md "Staff workspace"): all transactions, direct
 * users or one registrar over a period; the settle summary (LeadSource, RegistrarId, Success, Refunds,
 * Payable) and the period's transactions as CSV, both from the one registrar ledger (decision B9); a
 * registrar's month recorded as paid. A registrar's day-by-day figures are its affiliate dashboard,
 * opened from here (features/partner, /dashboard?view=affiliate&registrar=UID).
 */
export function RegistrarDashboardTab() {
  const { t, i18n } = useLingui();
  const { params, change } = useUrlState(settleParamsFrom);
  const invalid = params.endDate < params.startDate;
  const [paying, setPaying] = useState<SettleRow | null>(null);
  const transactions = useTransactionCsv((message) =>
    notifyError(!message || message === NO_TRANSACTION_DATA_MESSAGE ? t`Data not found.` : message),
  );
  const downloading = transactions.pending;

  const registrars = useQuery({
    queryKey: ['workspace', 'registrar-options'],
    queryFn: listRegistrarOptions,
  });
  const summary = useListQuery([...LIST_KEY, params], () => getSettleSummary(params), !invalid);

  const set = (key: 'source' | 'start' | 'end', value: string) => change({ [key]: value });

  const download = () => transactions.run(params);

  const columns = useMemo<DataTableColumn<SettleRow>[]>(
    () => [
      col.field('LeadSource', () => t`Lead Source`, {
        cell: (value, row) => (row.RegistrarId ? value : t`Direct`),
      }),
      col.field('RegistrarId', () => t`Registrar Id`, {
        cell: (value) => (value ? <code>{value}</code> : '—'),
      }),
      col.field('Success', () => t`Success`, {
        cell: (value, row) => `${money(i18n, value)} (${row.successCount})`,
      }),
      col.field('Refunds', () => t`Refunds`, {
        cell: (value, row) => `${money(i18n, value)} (${row.refundCount})`,
      }),
      col.field('Payable', () => t`Payable`, { cell: (value) => money(i18n, value) }),
      col.display({
        id: 'actions',
        header: () => t`Actions`,
        cell: (c) => {
          const row = c.row.original;
          if (!row.RegistrarId) return null;
          return (
            <span className={styles.check}>
              <Link
                href={affiliateViewHref(row.RegistrarId)}
                className={styles.secondary}
                aria-label={t`Affiliate view of ${row.LeadSource}`}
              >
                <Trans>Affiliate View</Trans>
              </Link>
              <button
                type="button"
                className={styles.button}
                aria-label={t`Record payout for ${row.LeadSource}`}
                onClick={() => setPaying(row)}
              >
                <Trans>Record Payout</Trans>
              </button>
            </span>
          );
        },
      }),
    ],
    [t, i18n],
  );

  return (
    <>
      <DataTable
        caption={t`Registrar settle summary`}
        columns={columns}
        {...wholeList(invalid ? [] : summary.data, 10)}
        rowId={(r) => r.RegistrarId || 'direct'}
        filters={
          <>
            <SelectFilter
              label={<Trans>Show</Trans>}
              value={params.registrarUID}
              onChange={(value) => set('source', value)}
            >
              <option value="">{t`All Transactions`}</option>
              <option value="direct">{t`Direct Users`}</option>
              <AccountOptions accounts={registrars.data} />
            </SelectFilter>
            <DateRangeFilter
              fromLabel={<Trans>Start Date</Trans>}
              toLabel={<Trans>End Date</Trans>}
              from={params.startDate}
              to={params.endDate}
              invalid={invalid}
              onFromChange={(value) => set('start', value)}
              onToChange={(value) => set('end', value)}
            />
            <button
              type="button"
              className={styles.button}
              onClick={() => void download()}
              disabled={downloading || invalid}
              aria-busy={downloading}
            >
              <Trans>Download CSV</Trans>
            </button>
            <Link href={affiliateViewHref(null)} className={styles.secondary}>
              <Trans>Consolidated Affiliate View</Trans>
            </Link>
          </>
        }
        {...tableStatus(summary)}
        loading={summary.isPending && !invalid}
        emptyText={invalid ? t`The end date is before the start date.` : t`No Data Found!`}
      />
      {paying ? <PayoutDialog row={paying} onClose={() => setPaying(null)} /> : null}
    </>
  );
}

function PayoutDialog({ row, onClose }: { row: SettleRow; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const today = todayInput();
  // the month decides the statement shown and the amount offered
  const [month, setMonth] = useState(previousMonth);
  const [touchedAmount, setTouchedAmount] = useState(false);
  const payout = (values: Record<string, string | boolean>): RecordPayoutBody => ({
    registrarUID: row.RegistrarId,
    month: String(values.month),
    amount: String(values.amount).trim(),
    paidAt: String(values.paidAt),
    reference: String(values.reference).trim(),
  });
  const form = useSchemaForm<PayoutValues, unknown>(payloadSchema(RecordPayoutBody, payout), {
    month,
    amount: '',
    paidAt: today,
    reference: '',
  });
  const { errors } = form.formState;
  const year = month.slice(0, 4);
  const statements = useQuery({
    queryKey: ['workspace', 'registrar-statements', row.RegistrarId, year],
    queryFn: () => getStatements(row.RegistrarId, year),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
  const statement = statements.data?.find((s) => s.month === month);
  // the amount starts as what the month left payable, until the admin types their own
  useEffect(() => {
    if (!touchedAmount && statement) form.setValue('amount', statement.payable);
  }, [statement, touchedAmount, form.setValue]);

  const write = useTabWrite(LIST_KEY, recordPayout, {
    fallback: msg`Payout recorded`,
    form,
    onDone: onClose,
  });
  const submit = form.handleSubmit(() => {
    write.reset();
    write.run(payout(form.getValues()));
  });
  const monthField = form.register('month');
  const amountField = form.register('amount');
  return (
    <FormDialog
      title={t`Record Payout`}
      submitLabel={<Trans>Record Payout</Trans>}
      busy={write.pending}
      error={write.error}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <p>
        <Trans>
          Registrar: <strong>{row.LeadSource}</strong>
        </Trans>
      </p>
      <div className={formStyles.row}>
        <TextField
          label={t`Month`}
          type="month"
          max={today.slice(0, 7)}
          registration={{
            ...monthField,
            onChange: (e) => {
              monthField.onChange(e);
              setMonth(e.target.value);
            },
          }}
          error={fieldError(i18n, errors.month)}
          data-autofocus
        />
        <TextField
          label={t`Amount (USD)`}
          inputMode="decimal"
          registration={{
            ...amountField,
            onChange: (e) => {
              amountField.onChange(e);
              setTouchedAmount(true);
            },
          }}
          error={fieldError(i18n, errors.amount)}
        />
      </div>
      {statement ? (
        <p className={styles.muted}>
          <Trans>Payable for this month: {money(i18n, statement.payable)}</Trans>{' '}
          {statement.paidAt ? (
            <Trans>Already recorded as paid on {day(i18n, statement.paidAt)}.</Trans>
          ) : null}
        </p>
      ) : null}
      <div className={formStyles.row}>
        <TextField
          label={t`Paid On`}
          type="date"
          max={today}
          registration={form.register('paidAt')}
          error={fieldError(i18n, errors.paidAt)}
        />
        <TextField
          label={t`Reference`}
          maxLength={200}
          registration={form.register('reference')}
          error={fieldError(i18n, errors.reference)}
        />
      </div>
    </FormDialog>
  );
}
