/**
 * The pieces of a table's filter bar (the DataTable's `filters` slot, or a page's own bar above its
 * table): a labelled control, a select and a date, styled as the table's search is.
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import styles from './data-table.module.css';

/** One labelled filter; `children` draws the control with the id its label points at. */
export function TableFilter({ label, children }: { label: ReactNode; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/**
 * A choice among `children` (its options); `onChange` gets the chosen value. `after` is drawn below the
 * select (why its options could not be loaded).
 */
export function SelectFilter({
  label,
  value,
  onChange,
  children,
  after,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <TableFilter label={label}>
      {(id) => (
        <>
          <select id={id} className={styles.select} value={value} onChange={(e) => onChange(e.target.value)}>
            {children}
          </select>
          {after}
        </>
      )}
    </TableFilter>
  );
}

/** The options of a filter that picks one account (a broker, a registrar): its UID, shown by its name. */
export function AccountOptions({
  accounts,
}: {
  accounts: readonly { UID: string; name: string }[] | undefined;
}) {
  return (accounts ?? []).map((a) => (
    <option key={a.UID} value={a.UID}>
      {a.name}
    </option>
  ));
}

/** A day (YYYY-MM-DD) between `min` and `max`; `invalid` marks a range that ends before it starts. */
export function DateFilter({
  label,
  value,
  min,
  max,
  invalid,
  onChange,
}: {
  label: ReactNode;
  value: string;
  min?: string | undefined;
  max?: string | undefined;
  invalid?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TableFilter label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className={styles.input}
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={invalid ? true : undefined}
        />
      )}
    </TableFilter>
  );
}

/**
 * A period: two days, the first no later than the second (each picker bounded by the other), both marked
 * `invalid` when the range ends before it starts.
 */
export function DateRangeFilter({
  fromLabel,
  toLabel,
  from,
  to,
  invalid,
  onFromChange,
  onToChange,
}: {
  fromLabel: ReactNode;
  toLabel: ReactNode;
  from: string;
  to: string;
  invalid: boolean;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}) {
  return (
    <>
      <DateFilter label={fromLabel} value={from} max={to} invalid={invalid} onChange={onFromChange} />
      <DateFilter label={toLabel} value={to} min={from} invalid={invalid} onChange={onToChange} />
    </>
  );
}
