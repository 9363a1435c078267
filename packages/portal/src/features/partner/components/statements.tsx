import type { Statement } from '@domain-broker/shared/schemas/registrar-ledger';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { tableStatus, wholeList } from '#portal/components/data-table/query.ts';
import { listStatements, useStatementCsv } from '../api/partner.ts';
import { dayLabel, money, monthLabel } from '../utils/rules.ts';
import styles from './partner.module.css';

const col = dataTableColumns<Statement>();

/** The years a registrar can look back on: this one and the two before. */
export function statementYears(now: Date = new Date()): string[] {
  const year = now.getUTCFullYear();
  return [year, year - 1, year - 2].map(String);
}

/**
 * The monthly statements (docs/api.md "Registrar money"): what each month earned, what refunds took back, what is
 * payable and when it was paid out, each month's ledger lines as a CSV. A registrar sees their own; an
 * admin names the registrar.
 */
export function Statements({ registrarUID }: { registrarUID?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const years = statementYears();
  const [year, setYear] = useState(years[0]!);
  const statementCsv = useStatementCsv(registrarUID);
  const downloading = statementCsv.pending ? (statementCsv.input ?? null) : null;
  const statements = useQuery({
    queryKey: ['partner', 'statements', registrarUID ?? 'me', year],
    queryFn: () => listStatements(registrarUID, year),
    staleTime: 0,
  });

  const download = (month: string) => statementCsv.run(month);

  const locale = i18n.locale;
  const columns = useMemo<DataTableColumn<Statement>[]>(
    () => [
      col.field('month', () => t`Month`, { cell: (value) => monthLabel(value, locale) }),
      col.field('credits', () => t`Credits`, { cell: (value) => money(value, locale) }),
      col.field('clawbacks', () => t`Clawbacks`, { cell: (value) => money(value, locale) }),
      col.field('payable', () => t`Payable`, { cell: (value) => money(value, locale) }),
      col.field('payableFrom', () => t`Payable From`, { cell: (value) => dayLabel(value, locale) }),
      col.field('paidAt', () => t`Paid Out`, {
        cell: (_value, row) => {
          if (!row.paidAt) return <span className={styles.muted}>{t`Not paid yet`}</span>;
          const amount = row.paidAmount ? money(row.paidAmount, locale) : '';
          return `${dayLabel(row.paidAt, locale)}${amount ? ` · ${amount}` : ''}`;
        },
      }),
      col.display({
        id: 'csv',
        header: () => t`Statement`,
        cell: (c) => {
          const month = c.row.original.month;
          return (
            <button
              type="button"
              className={styles.secondary}
              disabled={downloading === month}
              aria-busy={downloading === month}
              aria-label={t`Download CSV for ${monthLabel(month, locale)}`}
              onClick={() => void download(month)}
            >
              <Trans>Download CSV</Trans>
            </button>
          );
        },
      }),
    ],
    [t, locale, downloading, download],
  );

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <div className={styles.cardHead}>
        <h2 id={`${id}-title`} className={styles.subtitle}>
          <Trans>Monthly Statements</Trans>
        </h2>
        <label className={styles.filter}>
          <Trans>Year</Trans>
          <select className={styles.select} value={year} onChange={(e) => setYear(e.target.value)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        caption={t`Statements by month`}
        columns={columns}
        {...wholeList(statements.data, 12)}
        rowId={(r) => r.month}
        {...tableStatus(statements)}
        emptyText={t`No statement for this year yet.`}
      />
    </section>
  );
}
