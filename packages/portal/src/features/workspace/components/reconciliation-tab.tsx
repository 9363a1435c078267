import {
  FUTURE_MONTH_MESSAGE,
  isFutureMonth,
  type MismatchType,
  MONTH_INVALID_MESSAGE,
  MONTH_PATTERN,
  monthOf,
  type ReconciliationLine,
  type ReconciliationTotals,
} from '@domain-broker/shared/schemas/reconciliation';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { errorText } from '#portal/lib/api.ts';
import { useUrlState } from '#portal/lib/url-state.ts';
import { getReconciliation } from '../api/reconciliation.ts';
import { dayTime, money } from '../messages.ts';
import styles from '../workspace.module.css';
import { Card, Fact } from './card.tsx';

const col = dataTableColumns<ReconciliationLine>();

export const MISMATCH_LABELS: Record<MismatchType, MessageDescriptor> = {
  missing_at_provider: msg`Missing at the provider`,
  missing_in_ours: msg`Missing in our records`,
  amount_differs: msg`Amount differs`,
  status_differs: msg`Status differs`,
};

/** The month the address asks for, or the current one; `problem` when it is not a month or in the future. */
export function monthFrom(
  search: URLSearchParams,
  now: Date = new Date(),
): { month: string; problem: string | null } {
  const wanted = (search.get('month') ?? '').trim();
  if (!wanted) return { month: monthOf(now), problem: null };
  if (!MONTH_PATTERN.test(wanted)) return { month: wanted, problem: MONTH_INVALID_MESSAGE };
  if (isFutureMonth(wanted, now)) return { month: wanted, problem: FUTURE_MONTH_MESSAGE };
  return { month: wanted, problem: null };
}

/**
 * The Reconciliation tab (docs/product.md "Staff workspace"; decision B10): a month (the current one
 * by default, never a future one) of our payments and refunds beside what the payment provider reports,
 * with totals, and every mismatch named in words and marked with a sign, not by colour alone.
 */
export function ReconciliationTab() {
  const { t, i18n } = useLingui();
  const now = new Date();
  const current = monthOf(now);
  const {
    params: { month, problem },
    change,
  } = useUrlState((search) => monthFrom(search, now), { month: current });
  const monthId = useId();
  const problemId = useId();
  const report = useQuery({
    queryKey: ['workspace', 'reconciliation', month],
    queryFn: () => getReconciliation(month),
    enabled: problem === null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const pick = (value: string) => change({ month: value });

  const columns = useMemo(() => {
    const list: DataTableColumn<ReconciliationLine>[] = [
      col.field('at', () => t`Date`, { cell: (value) => dayTime(i18n, value) }),
      col.field('kind', () => t`Kind`, { cell: (value) => (value === 'payment' ? t`Payment` : t`Refund`) }),
      col.field('paymentId', () => t`Payment ID`, { cell: (value) => <code>{value}</code> }),
      col.field('amount', () => t`Amount`, { cell: (value) => money(i18n, value) }),
      col.field('fee', () => t`Fee`, {
        cell: (value) => (value === null ? '—' : money(i18n, value as string)),
      }),
      col.field('net', () => t`Net`, { cell: (value) => money(i18n, value) }),
      col.accessor('mismatch', {
        id: 'check',
        header: () => t`Check`,
        cell: (c) => {
          const type = c.getValue() as MismatchType | undefined;
          return type ? (
            <span className={styles.overdue}>
              <span aria-hidden="true">⚠ </span>
              {i18n._(MISMATCH_LABELS[type])}
            </span>
          ) : (
            <span>
              <span aria-hidden="true">✓ </span>
              <Trans>Matches</Trans>
            </span>
          );
        },
      }),
    ];
    return list;
  }, [t, i18n]);

  const data = report.data;
  const providerName = data?.provider.name === 'stripe' ? 'Stripe' : t`Sandbox (TEST MODE)`;

  return (
    <div className={styles.form}>
      <div className={styles.field}>
        <label htmlFor={monthId}>
          <Trans>Month</Trans>
        </label>
        <input
          id={monthId}
          type="month"
          className={styles.input}
          value={month}
          max={current}
          min="2020-01"
          onChange={(e) => pick(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
        {problem ? (
          <p id={problemId} role="alert" className={styles.fieldError}>
            {problem === FUTURE_MONTH_MESSAGE
              ? t`Reconciliation is not available for future months.`
              : t`Please choose a month as YYYY-MM.`}
          </p>
        ) : null}
      </div>

      {problem ? null : report.isError ? (
        <div role="alert">
          <p>{errorText(report.error)}</p>
          <button type="button" className={styles.button} onClick={() => void report.refetch()}>
            <Trans>Try Again</Trans>
          </button>
        </div>
      ) : !data ? (
        <p role="status" className={styles.muted}>
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          <p className={styles.muted}>
            <Trans>Payment provider: {providerName}.</Trans>{' '}
            {data.provider.name === 'sandbox' ? (
              <Trans>
                The sandbox charges nothing; its fees follow the sandbox's own rule: 2.9% of each payment plus
                0.30 USD, as Stripe's standard card price.
              </Trans>
            ) : null}
          </p>
          <div className={styles.grid}>
            <Totals title={t`Our records`} totals={data.ours.totals} />
            <Totals title={t`Reported by the provider`} totals={data.reported.totals} />
          </div>
          <Card id={`${monthId}-mismatches`} title={<Trans>Mismatches ({data.mismatches.length})</Trans>}>
            {data.mismatches.length === 0 ? (
              <p>
                <span aria-hidden="true">✓ </span>
                {data.ours.lines.length + data.reported.lines.length === 0 ? (
                  <Trans>No payments or refunds in this month.</Trans>
                ) : (
                  <Trans>Every line matches on both sides.</Trans>
                )}
              </p>
            ) : (
              <ul className={styles.list}>
                {data.mismatches.map((m) => (
                  <li key={`${m.type}:${m.kind}:${m.paymentId}`} className={styles.entry}>
                    <span className={styles.overdue}>
                      <span aria-hidden="true">⚠ </span>
                      {i18n._(MISMATCH_LABELS[m.type])}
                    </span>{' '}
                    {m.kind === 'payment' ? <Trans>Payment</Trans> : <Trans>Refund</Trans>}{' '}
                    <code>{m.paymentId}</code>
                    <br />
                    <Trans>Ours: {m.ours === null ? '—' : money(i18n, m.ours)}</Trans> ·{' '}
                    <Trans>Provider: {m.provider === null ? '—' : money(i18n, m.provider)}</Trans>
                    {m.ourStatus ? (
                      <>
                        {' '}
                        · <Trans>Our status: {m.ourStatus}</Trans>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Lines
            title={t`Our payments and refunds`}
            lines={data.ours.lines}
            columns={columns}
            fetching={report.isFetching}
          />
          <Lines
            title={t`Payments and refunds reported by the provider`}
            lines={data.reported.lines}
            columns={columns}
            fetching={report.isFetching}
          />
        </>
      )}
    </div>
  );
}

function Totals({ title, totals }: { title: string; totals: ReconciliationTotals }) {
  const { i18n } = useLingui();
  return (
    <section className={styles.card} aria-label={title}>
      <h2>{title}</h2>
      <dl className={styles.facts}>
        <Fact label={<Trans>Payments</Trans>}>
          {money(i18n, totals.gross)} ({totals.payments})
        </Fact>
        <Fact label={<Trans>Refunds</Trans>}>
          {money(i18n, totals.refunds)} ({totals.refundCount})
        </Fact>
        <Fact label={<Trans>Fees</Trans>}>{money(i18n, totals.fees)}</Fact>
        <Fact label={<Trans>Net</Trans>}>{money(i18n, totals.net)}</Fact>
      </dl>
    </section>
  );
}

function Lines({
  title,
  lines,
  columns,
  fetching,
}: {
  title: string;
  lines: ReconciliationLine[];
  columns: DataTableColumn<ReconciliationLine>[];
  fetching: boolean;
}) {
  const { t } = useLingui();
  return (
    // not a landmark of its own: the table's scroll region already carries the title as its name
    <div>
      <h2 className={styles.title}>{title}</h2>
      <DataTable
        caption={title}
        columns={columns}
        rows={lines}
        rowId={(r) => `${r.kind}:${r.id}`}
        total={lines.length}
        page={1}
        pageSize={Math.max(1, lines.length)}
        onPageChange={() => undefined}
        loading={false}
        fetching={fetching}
        emptyText={t`No Data Found!`}
      />
    </div>
  );
}
