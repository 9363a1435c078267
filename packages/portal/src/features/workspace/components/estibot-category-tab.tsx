import type { ExhibitCondition } from '@domain-broker/shared/schemas/appraisal';
import { percentageField } from '@domain-broker/shared/schemas/common';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { tableStatus, wholeList } from '#portal/components/data-table/query.ts';
import { listCategories, updateCategory } from '../api/categories.ts';
import { day, fieldText } from '../messages.ts';
import { useTabWrite } from '../use-write.ts';
import styles from '../workspace.module.css';

const LIST_KEY = ['workspace', 'categories'] as const;
const col = dataTableColumns<ExhibitCondition>();

/** A percentage as typed, checked by the server's own field rule: null when valid, else its message. */
export function percentageError(value: string): string | null {
  const result = v.safeParse(percentageField, value);
  return result.success ? null : (result.issues[0]?.message ?? null);
}

/**
 * The Estibot Category tab (docs/product.md "Staff workspace"): the keyword categories of the appraisal and
 * the percentage each one weighs, changed in place. The workspace shows the tab only with
 * ChangeCategoryValues.
 */
export function EstibotCategoryTab() {
  const { t, i18n } = useLingui();
  const categories = useQuery({ queryKey: LIST_KEY, queryFn: listCategories, staleTime: 0 });

  const columns = useMemo(
    (): DataTableColumn<ExhibitCondition>[] => [
      col.field('categoryName', () => t`Category`, {
        cell: (value, row) => (
          <span className={styles.person}>
            <span>{value}</span>
            <span className={styles.muted}>{row.condition}</span>
          </span>
        ),
      }),
      col.field('percentage', () => t`Percentage`, {
        cell: (_value, row) => <PercentageCell category={row} />,
      }),
      col.field('updatedAt', () => t`Updated`, { cell: (value) => day(i18n, value) }),
    ],
    [t, i18n],
  );

  return (
    <DataTable
      caption={t`Estibot categories`}
      columns={columns}
      {...wholeList(categories.data)}
      rowId={(r) => r.UID}
      {...tableStatus(categories)}
    />
  );
}

function PercentageCell({ category }: { category: ExhibitCondition }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [value, setValue] = useState(String(category.percentage));
  const [error, setError] = useState<string | null>(null);
  const write = useTabWrite(LIST_KEY, (percentage: number) => updateCategory(category.UID, percentage), {
    fallback: msg`Category updated successfully`,
  });
  const shown = error ?? write.error;
  const changed = value.trim() !== String(category.percentage);

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = percentageError(value);
    setError(problem ? fieldText(i18n, problem) : null);
    if (problem) return;
    write.reset();
    write.run(Number(value.trim()));
  };

  return (
    <form className={styles.inlineForm} onSubmit={save} noValidate>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Percentage for {category.categoryName}</Trans>
      </label>
      <input
        id={id}
        className={`${styles.input} ${styles.percent}`}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
      />
      <span aria-hidden="true">%</span>
      <button
        type="submit"
        className={styles.secondary}
        disabled={write.pending || !changed}
        aria-busy={write.pending}
        aria-label={t`Save ${category.categoryName}`}
      >
        <Trans>Save</Trans>
      </button>
      {shown ? (
        <p id={`${id}-error`} role="alert" className={styles.fieldError}>
          {shown}
        </p>
      ) : null}
    </form>
  );
}
