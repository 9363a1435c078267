import { SELLER_DOMAIN_PAGE_SIZE, type SellerDomainRow } from '@domain-broker/shared/schemas/seller-domains';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '../../../components/data-table/data-table.tsx';
import { errorText } from '../../../lib/api.ts';
import { pageFrom, termFrom, useUrlState } from '../../../lib/url-state.ts';
import { listSellerDomains, setSellerDomainPremium } from '../api/seller-domains.ts';
import { day, money } from '../messages.ts';
import { useTabWrite } from '../use-write.ts';
import styles from '../workspace.module.css';

const LIST_KEY = ['workspace', 'seller-domains'] as const;
const col = dataTableColumns<SellerDomainRow>();

/** The list's query from the address (search, page). */
export function sellerDomainParamsFrom(search: URLSearchParams): { page: number; search?: string } {
  const term = termFrom(search, 200);
  return { page: pageFrom(search), ...(term ? { search: term } : {}) };
}

/**
 * The Sell Domains tab (spec §2 "Admin sub-screens", §3 "Seller domain row"; decision A27): every
 * domain sellers listed, newest first, 10 a page from the server, searched by domain, name or email
 * (500 ms after typing stops), with the premium flag an admin sets per row.
 */
export function SellDomainsTab() {
  const { t, i18n } = useLingui();
  const { params, change } = useUrlState(sellerDomainParamsFrom);
  const rows = useQuery({
    queryKey: [...LIST_KEY, params],
    queryFn: () => listSellerDomains(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const premium = useTabWrite(LIST_KEY, setSellerDomainPremium, { fallback: msg`Premium flag updated` });

  const columns = useMemo(() => {
    const list: DataTableColumn<SellerDomainRow>[] = [
      col.accessor('domainName', { id: 'domainName', header: () => t`Domain`, cell: (c) => c.getValue() }),
      col.accessor('name', {
        id: 'name',
        header: () => t`Name`,
        cell: (c) => (
          <>
            {c.getValue() || '—'}
            {c.row.original.emailVerified ? null : (
              <>
                {' '}
                <span className={styles.tag}>
                  <Trans>Unconfirmed</Trans>
                </span>
              </>
            )}
          </>
        ),
      }),
      col.accessor('email', {
        id: 'email',
        header: () => t`Email`,
        cell: (c) => <span className={styles.wrapCell}>{c.getValue()}</span>,
      }),
      col.accessor('phone', { id: 'phone', header: () => t`Phone`, cell: (c) => c.getValue() || '—' }),
      col.accessor('price', {
        id: 'price',
        header: () => t`Price`,
        cell: (c) => (c.getValue() === null ? '—' : money(i18n, c.getValue() as string)),
      }),
      col.accessor('minQuote', {
        id: 'minQuote',
        header: () => t`Min Quote`,
        cell: (c) => (c.getValue() === null ? '—' : money(i18n, c.getValue() as string)),
      }),
      col.accessor('createdAt', {
        id: 'createdAt',
        header: () => t`Listed`,
        cell: (c) => day(i18n, c.getValue()),
      }),
      col.accessor('premium', {
        id: 'premium',
        header: () => t`Premium`,
        cell: (c) => {
          const row = c.row.original;
          return (
            <label className={styles.check}>
              <input
                type="checkbox"
                role="switch"
                checked={row.premium}
                aria-checked={row.premium}
                disabled={premium.pending}
                aria-label={t`Premium: ${row.domainName}`}
                onChange={(e) => premium.run({ id: row.UID, premium: e.target.checked })}
              />
              <span aria-hidden="true">{row.premium ? t`Yes` : t`No`}</span>
            </label>
          );
        },
      }),
    ];
    return list;
  }, [t, i18n, premium.pending, premium.run]);

  return (
    <>
      {premium.error ? (
        <p role="alert" className={styles.fieldError}>
          {premium.error}
        </p>
      ) : null}
      <DataTable
        caption={t`Seller domains`}
        columns={columns}
        rows={rows.data?.data}
        rowId={(r) => r.UID}
        total={rows.data?.total ?? 0}
        page={params.page}
        pageSize={SELLER_DOMAIN_PAGE_SIZE}
        onPageChange={(page) => change({ page: String(page) })}
        search={{
          value: params.search ?? '',
          onChange: (value) => change({ search: value }),
          label: t`Search domain, name or email`,
        }}
        loading={rows.isPending}
        fetching={rows.isFetching}
        error={rows.isError ? errorText(rows.error) : null}
        onRetry={() => void rows.refetch()}
        emptyText={t`No Data Found!`}
      />
    </>
  );
}
