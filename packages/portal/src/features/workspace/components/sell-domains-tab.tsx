import { SELLER_DOMAIN_PAGE_SIZE, type SellerDomainRow } from '@domain-broker/shared/schemas/seller-domains';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { tableStatus, urlTable, useListQuery } from '#portal/components/data-table/query.ts';
import { pageFrom, termFrom, useUrlState } from '#portal/lib/url-state.ts';
import { listSellerDomains, setSellerDomainPremium } from '../api/seller-domains.ts';
import { day, money } from '../messages.ts';
import { useTabWrite } from '../use-write.ts';
import styles from '../workspace.module.css';
import { EmailCell } from './email-cell.tsx';

const LIST_KEY = ['workspace', 'seller-domains'] as const;
const col = dataTableColumns<SellerDomainRow>();

/** The list's query from the address (search, page). */
export function sellerDomainParamsFrom(search: URLSearchParams): { page: number; search?: string } {
  const term = termFrom(search, 200);
  return { page: pageFrom(search), ...(term ? { search: term } : {}) };
}

/**
 * The Sell Domains tab (docs/product.md "Staff workspace"; decision A27): every
 * domain sellers listed, newest first, 10 a page from the server, searched by domain, name or email
 * (500 ms after typing stops), with the premium flag an admin sets per row.
 */
export function SellDomainsTab() {
  const { t, i18n } = useLingui();
  const { params, change } = useUrlState(sellerDomainParamsFrom);
  const rows = useListQuery([...LIST_KEY, params], () => listSellerDomains(params));
  const premium = useTabWrite(LIST_KEY, setSellerDomainPremium, { fallback: msg`Premium flag updated` });

  const columns = useMemo(() => {
    const list: DataTableColumn<SellerDomainRow>[] = [
      col.field('domainName', () => t`Domain`),
      col.field('name', () => t`Name`, {
        cell: (value, row) => (
          <>
            {value || '—'}
            {row.emailVerified ? null : (
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
      col.field('email', () => t`Email`, {
        cell: (value) => <EmailCell email={value} />,
      }),
      col.field('phone', () => t`Phone`, { cell: (value) => value || '—' }),
      col.field('price', () => t`Price`, {
        cell: (value) => (value === null ? '—' : money(i18n, value as string)),
      }),
      col.field('minQuote', () => t`Min Quote`, {
        cell: (value) => (value === null ? '—' : money(i18n, value as string)),
      }),
      col.field('createdAt', () => t`Listed`, { cell: (value) => day(i18n, value) }),
      col.field('premium', () => t`Premium`, {
        cell: (_value, row) => {
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
        {...urlTable(change, {
          page: params.page,
          search: { value: params.search, label: t`Search domain, name or email` },
        })}
        pageSize={SELLER_DOMAIN_PAGE_SIZE}
        {...tableStatus(rows)}
        emptyText={t`No Data Found!`}
      />
    </>
  );
}
