import { effectiveRoles } from '@domain-broker/shared/roles';
import {
  BROKER_LIST_FILTERS,
  BROKER_PAGE_SIZES,
  type BrokerLeadRow,
} from '@domain-broker/shared/schemas/broker';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { AccountOptions, SelectFilter } from '#portal/components/data-table/filters.tsx';
import { tableStatus, urlTable, useListQuery } from '#portal/components/data-table/query.ts';
import { useSession } from '#portal/lib/session.ts';
import { listBrokers, listLeads } from '../api/broker.ts';
import { day, LEAD_STATUS_FILTER_LABELS, label, STAFF_LEAD_STATUS_LABELS } from '../messages.ts';
import { isAdmin, listParamsFrom, withListChange } from '../rules.ts';
import styles from '../workspace.module.css';

export const leadPath = (uid: string) => `/dashboard/leads/${encodeURIComponent(uid)}`;

const col = dataTableColumns<BrokerLeadRow>();

/**
 * The Leads tab (decision B8): a consultant's own leads, or every broker's for an
 * admin with a broker filter. Search, filters, sort and page live in the address.
 */
export function LeadsTab() {
  const { t, i18n } = useLingui();
  const admin = isAdmin(effectiveRoles(useSession((s) => s.profile)?.roles));
  const [search, setSearch] = useSearchParams();
  const [, navigate] = useLocation();
  const params = listParamsFrom(search, admin);
  const overdueId = useId();

  const leads = useListQuery(['workspace', 'leads', params], () => listLeads(params));
  const brokers = useQuery({
    queryKey: ['workspace', 'brokers'],
    queryFn: listBrokers,
    enabled: admin,
    staleTime: 5 * 60_000,
  });

  const change = (c: Parameters<typeof withListChange>[1]) => setSearch(withListChange(search, c));

  const columns = useMemo(() => {
    const list: DataTableColumn<BrokerLeadRow>[] = [
      col.field('domainName', () => t`Domain`, {
        sortable: true,
        cell: (value, row) => (
          <Link href={leadPath(row.UID)} className={styles.rowLink}>
            {value}
          </Link>
        ),
      }),
      col.accessor((r) => r.buyer.name, {
        id: 'buyer',
        header: () => t`Buyer`,
        cell: (c) => (
          <span className={styles.person}>
            <span>{c.row.original.buyer.name}</span>
            <span className={styles.muted}>{c.row.original.buyer.email}</span>
          </span>
        ),
      }),
      col.field('paidAt', () => t`Paid`, { sortable: true, cell: (value) => day(i18n, value) }),
      col.field('status', () => t`Status`, {
        sortable: true,
        cell: (value) => (
          <span className={styles.status} data-status={value}>
            {label(i18n, STAFF_LEAD_STATUS_LABELS, value)}
          </span>
        ),
      }),
      col.field('alternatesWaiting', () => t`Alternates Waiting`),
      col.accessor('daysSinceLastStep', {
        id: 'lastStep',
        header: () => t`Days Since Last Step`,
        enableSorting: true,
        cell: (c) => (c.getValue() === null ? '—' : c.getValue()),
      }),
      col.accessor('overdue', {
        id: 'overdue',
        header: () => t`Response`,
        cell: (c) =>
          c.getValue() ? (
            <span className={styles.overdue}>
              <Trans>Overdue</Trans>
            </span>
          ) : (
            <span className={styles.muted}>
              <Trans>On time</Trans>
            </span>
          ),
      }),
    ];
    if (admin) {
      list.splice(
        2,
        0,
        col.accessor((r) => r.consultant?.name ?? '', {
          id: 'broker',
          header: () => t`Broker`,
          cell: (c) => c.getValue() || <span className={styles.muted}>{t`Unassigned`}</span>,
        }),
      );
    }
    return list;
  }, [admin, t, i18n]);

  const filters = (
    <>
      <SelectFilter
        label={<Trans>Status</Trans>}
        value={params.status}
        onChange={(status) => change({ status })}
      >
        {BROKER_LIST_FILTERS.map((s) => (
          <option key={s} value={s}>
            {label(i18n, LEAD_STATUS_FILTER_LABELS, s)}
          </option>
        ))}
      </SelectFilter>
      {admin ? (
        <SelectFilter
          label={<Trans>Broker</Trans>}
          value={params.consultantUID ?? ''}
          onChange={(broker) => change({ broker })}
        >
          <option value="">{t`All brokers`}</option>
          <AccountOptions accounts={brokers.data} />
        </SelectFilter>
      ) : null}
      <div className={styles.check}>
        <input
          id={overdueId}
          type="checkbox"
          checked={params.overdue === 'true'}
          onChange={(e) => change({ overdue: e.target.checked ? 'true' : undefined })}
        />
        <label htmlFor={overdueId}>
          <Trans>Overdue only</Trans>
        </label>
      </div>
    </>
  );

  return (
    <DataTable
      caption={admin ? t`Every broker's leads` : t`Your leads`}
      columns={columns}
      rows={leads.data?.data}
      rowId={(r) => r.UID}
      total={leads.data?.total ?? 0}
      {...urlTable(change, {
        page: params.page,
        search: { value: params.search, label: t`Search domain or buyer` },
        sort: { id: params.sortBy, desc: params.sortType === 'DESC' },
        dirs: ['ASC', 'DESC'],
      })}
      pageSize={params.limit}
      pageSizes={BROKER_PAGE_SIZES}
      onPageSizeChange={(size) => change({ limit: String(size) })}
      filters={filters}
      {...tableStatus(leads)}
      onRowClick={(row) => navigate(leadPath(row.UID))}
    />
  );
}
