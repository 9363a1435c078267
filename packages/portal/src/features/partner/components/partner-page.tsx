import { effectiveRoles } from '@domain-broker/shared/roles';
import {
  REGISTRAR_LEADS_LIMITS,
  type RegistrarLeadRow,
  type RegistrarLeadsAnswer,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSort,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { AccountOptions, DateRangeFilter, SelectFilter } from '#portal/components/data-table/filters.tsx';
import { tableStatus, useListQuery } from '#portal/components/data-table/query.ts';
import { Panel } from '#portal/components/panel.tsx';
import { errorText } from '#portal/lib/api.ts';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSession } from '#portal/lib/session.ts';
import { getRegistrarLeads, listRegistrars, useLeadsCsv } from '../api/partner.ts';
import {
  CONSOLIDATED,
  cleared,
  csvQuery,
  type DashboardState,
  dayLabel,
  integrationLink,
  isFiltered,
  type LeadsSort,
  leadsQuery,
  money,
  pageSizeOf,
  rangeError,
  stateFrom,
  withChange,
} from '../utils/rules.ts';
import styles from './partner.module.css';
import { RulesText } from './rules-text.tsx';
import { Statements } from './statements.tsx';

/** uPlot and the chart download only when the dashboard draws it, after the table. */
const EarningsChart = lazy(() => import('./earnings-chart.tsx'));

const col = dataTableColumns<RegistrarLeadRow>();
const cents = (s: string) => Math.round(Number(s) * 100) || 0;

/** The sums of the rows on screen (docs/product.md "Registrar affiliate dashboard"). */
export function pageTotals(rows: readonly RegistrarLeadRow[]) {
  const sum = (pick: (r: RegistrarLeadRow) => string) => rows.reduce((n, r) => n + cents(pick(r)), 0) / 100;
  return {
    clicks: rows.reduce((n, r) => n + r.clicks, 0),
    sales: rows.reduce((n, r) => n + r.sales, 0),
    commission: sum((r) => r.commission),
    sales_commission: sum((r) => r.sales_commission),
    refunds: sum((r) => r.refunds),
    total: sum((r) => r.total),
  };
}

/**
 * /dashboard for a registrar (docs/product.md "Registrar affiliate dashboard"): a day a
 * row of clicks, sales, their share of the initial fees, the sales commission, refunds and the total,
 * with the limit, sort, dates and page in the address; page totals; the selection's CSV; the chart;
 * how they earn; the monthly statements; their integration link. An admin opens the same view from the
 * workspace's Registrar Dashboard tab (/dashboard?view=affiliate&registrar=UID, or registrar=all for
 * every registrar together, where rows carry the registrar's name).
 */
function PartnerPage() {
  const { t, i18n } = useLingui();
  const profile = useSession((s) => s.profile);
  const admin = effectiveRoles(profile?.roles).includes('Admin');
  const [params, setParams] = useSearchParams();
  const state = stateFrom(params);
  const consolidated = admin && (state.registrar === '' || state.registrar === CONSOLIDATED);
  const invalidRange = rangeError(state);
  const leadsCsv = useLeadsCsv();
  const exporting = leadsCsv.pending;
  const locale = i18n.locale;

  const leads = useListQuery(
    ['partner', 'leads', admin, state],
    () =>
      getRegistrarLeads(
        leadsQuery(consolidated ? { ...state, registrar: CONSOLIDATED } : state, admin) as Record<
          string,
          string
        >,
      ),
    !invalidRange,
  );
  const change = (next: Partial<DashboardState>) => setParams(withChange(params, next));

  const exportCsv = () =>
    leadsCsv.run(csvQuery(consolidated ? { ...state, registrar: CONSOLIDATED } : state, admin));

  const columns = useMemo(() => {
    const list: DataTableColumn<RegistrarLeadRow>[] = [
      col.field('date', () => t`Date`, { sortable: true, cell: (value) => dayLabel(value, locale) }),
    ];
    if (consolidated)
      list.push(
        col.accessor((r) => r.name ?? '', { id: 'name', header: () => t`Name`, enableSorting: true }),
      );
    const amount = (key: 'commission' | 'sales_commission' | 'refunds' | 'total', header: () => string) =>
      col.accessor(key, { id: key, header, cell: (c) => money(c.getValue(), locale), enableSorting: true });
    list.push(
      col.accessor('clicks', { id: 'clicks', header: () => t`Clicks`, enableSorting: true }),
      col.accessor('sales', { id: 'sales', header: () => t`Sales`, enableSorting: true }),
      amount('commission', () => t`Initial Fee`),
      amount('sales_commission', () => t`Sales Commission`),
      amount('refunds', () => t`Refunds`),
      amount('total', () => t`Total`),
    );
    return list;
  }, [t, locale, consolidated]);

  const rows = leads.data?.leads;
  const totals = rows ? pageTotals(rows) : null;
  const footer = totals ? (
    <tr>
      <th scope="row">{t`Page Total`}</th>
      {consolidated ? <td /> : null}
      <td>{totals.clicks}</td>
      <td>{totals.sales}</td>
      <td>{money(totals.commission, locale)}</td>
      <td>{money(totals.sales_commission, locale)}</td>
      <td>{money(totals.refunds, locale)}</td>
      <td>{money(totals.total, locale)}</td>
    </tr>
  ) : null;
  const sort: DataTableSort = { id: state.sortBy, desc: state.sortType === 'DESC' };
  const total = leads.data?.totalRows ?? 0;
  const registrarUID = !admin ? (profile?.registrarUID ?? null) : null;

  return (
    <section className={styles.page} aria-labelledby="partner-title">
      <header className={styles.header}>
        <h1 id="partner-title" className={styles.title}>
          <Trans>Affiliate Dashboard</Trans>
        </h1>
        <nav aria-label={t`Partner pages`} className={styles.links}>
          {admin ? (
            <Link href="/dashboard?tab=registrar-dashboard" className={styles.secondary}>
              <Trans>Back to Registrar Dashboard</Trans>
            </Link>
          ) : (
            <>
              <Link href="/dashboard/integration" className={styles.secondary}>
                <Trans>Integration</Trans>
              </Link>
              <Link href="/dashboard/webhooks" className={styles.secondary}>
                <Trans>Webhooks</Trans>
              </Link>
            </>
          )}
        </nav>
      </header>

      {admin ? (
        <RegistrarPicker
          value={consolidated ? CONSOLIDATED : state.registrar}
          onChange={(registrar) => change({ registrar: registrar === CONSOLIDATED ? '' : registrar })}
        />
      ) : null}
      {registrarUID ? <IntegrationLink registrarUID={registrarUID} /> : null}

      <Summary answer={leads.data} />

      <DataTable
        caption={t`Affiliate earnings by day`}
        columns={columns}
        rows={invalidRange ? [] : rows}
        rowId={(r) => `${r.date}-${r.registrarUID ?? ''}`}
        total={invalidRange ? 0 : total}
        page={state.page}
        pageSize={pageSizeOf(state.limit, total)}
        onPageChange={(page) => change({ page })}
        sort={sort}
        onSortChange={(next) =>
          change({ sortBy: next.id as LeadsSort, sortType: next.desc ? 'DESC' : 'ASC' })
        }
        filters={
          <Filters
            state={state}
            invalidRange={invalidRange}
            onChange={change}
            onClear={() => setParams(cleared(params))}
            onExport={() => void exportCsv()}
            exporting={exporting}
            canExport={!invalidRange && total > 0}
          />
        }
        {...tableStatus(leads)}
        loading={leads.isPending && !invalidRange}
        emptyText={invalidRange ? t`The end date is before the start date.` : t`No Data Found!`}
        footer={footer}
      />

      {leads.data ? (
        <Suspense
          fallback={
            <p role="status" className={styles.muted}>
              <Trans>Loading the chart…</Trans>
            </p>
          }
        >
          <div className={styles.card}>
            <EarningsChart points={leads.data.chart} />
          </div>
        </Suspense>
      ) : null}

      <RulesText rates={leads.data?.rates ?? null} />

      {!consolidated ? <Statements registrarUID={admin ? state.registrar : undefined} /> : null}
    </section>
  );
}

function Filters({
  state,
  invalidRange,
  onChange,
  onClear,
  onExport,
  exporting,
  canExport,
}: {
  state: DashboardState;
  invalidRange: boolean;
  onChange: (next: Partial<DashboardState>) => void;
  onClear: () => void;
  onExport: () => void;
  exporting: boolean;
  canExport: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className={styles.filters}>
      <SelectFilter
        label={<Trans>Show</Trans>}
        value={state.limit}
        onChange={(limit) => onChange({ limit: limit as DashboardState['limit'] })}
      >
        {REGISTRAR_LEADS_LIMITS.map((l) => (
          <option key={l} value={l}>
            {l === 'All' ? t`All` : l}
          </option>
        ))}
      </SelectFilter>
      <DateRangeFilter
        fromLabel={<Trans>From</Trans>}
        toLabel={<Trans>To</Trans>}
        from={state.fromDate}
        to={state.toDate}
        invalid={invalidRange}
        onFromChange={(fromDate) => onChange({ fromDate })}
        onToChange={(toDate) => onChange({ toDate })}
      />
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onClear} disabled={!isFiltered(state)}>
          <Trans>Clear Filters</Trans>
        </button>
        <button
          type="button"
          className={styles.button}
          onClick={onExport}
          disabled={exporting || !canExport}
          aria-busy={exporting}
        >
          <Trans>Export</Trans>
        </button>
      </div>
    </div>
  );
}

/** The selection's totals, every page together (the answer's `totals`). */
function Summary({ answer }: { answer: RegistrarLeadsAnswer | undefined }) {
  const { t, i18n } = useLingui();
  if (!answer) return null;
  const { totals } = answer;
  const items: [string, string][] = [
    [t`Clicks`, String(totals.total_click)],
    [t`Sales`, String(totals.total_soldCount)],
    [t`Initial Fee`, money(totals.total_initialFee, i18n.locale)],
    [t`Sales Commission`, money(totals.total_saleCommission, i18n.locale)],
    [t`Refunds`, money(totals.total_refunds, i18n.locale)],
    [t`Total`, money(totals.total_amount, i18n.locale)],
  ];
  return (
    <section aria-label={t`Totals of the selected period`}>
      <dl className={styles.summary}>
        {items.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The registrar's link with a copy button ('Link copied in clipboard'). */
function IntegrationLink({ registrarUID }: { registrarUID: string }) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const link = integrationLink(window.location.origin, registrarUID);
  const copy = async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch {
      // no clipboard permission: select the text and use the legacy command
      input.current?.select();
      try {
        copied = document.execCommand('copy');
      } catch {
        copied = false;
      }
    }
    if (copied) notifySuccess(t`Link copied in clipboard`);
    else notifyError(t`The link could not be copied, please copy it by hand.`);
  };
  return (
    <Panel
      id={`${id}-title`}
      title={<Trans>Integration Link</Trans>}
      className={styles.card}
      headingClassName={styles.subtitle}
    >
      <p className={styles.muted}>
        <Trans>Customers who come through this link are counted as yours.</Trans>
      </p>
      <div className={styles.copyRow}>
        <label htmlFor={id} className="visually-hidden">
          {t`Integration link`}
        </label>
        <input
          id={id}
          ref={input}
          className={styles.input}
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className={styles.button} onClick={() => void copy()}>
          <Trans>Copy Link</Trans>
        </button>
      </div>
    </Panel>
  );
}

/** Admin: whose figures, or every registrar together (GET /getRegistrarList). */
function RegistrarPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const registrars = useQuery({ queryKey: ['partner', 'registrars'], queryFn: listRegistrars });
  return (
    <SelectFilter
      label={<Trans>Registrar</Trans>}
      value={value}
      onChange={onChange}
      after={
        registrars.isError ? (
          <p role="alert" className={styles.error}>
            {errorText(registrars.error)}
          </p>
        ) : null
      }
    >
      <option value={CONSOLIDATED}>{t`All Registrars (Consolidated)`}</option>
      <AccountOptions accounts={registrars.data} />
      {value !== CONSOLIDATED && !registrars.data?.some((r) => r.UID === value) ? (
        <option value={value}>{value}</option>
      ) : null}
    </SelectFilter>
  );
}

export default withQueryClient(PartnerPage);
