import { Trans, useLingui } from '@lingui/react/macro';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { messageText } from '../lib/messages.ts';
import { openOverlay } from '../lib/overlays.ts';
import type { FieldMessage, Registration } from '../lib/schema-form.ts';
import styles from './form.module.css';

export { styles as formStyles };

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  registration?: Registration;
  error?: FieldMessage | undefined;
  hint?: ReactNode;
  optional?: boolean;
  /** The class of the field's frame (its place in a row of controls); `className` is the input's. */
  frameClassName?: string | undefined;
}

/** The message under a field: the schema's or the server's, shown in the active language by its code. */
function ErrorText({ id, error }: { id: string; error?: FieldMessage | undefined }) {
  const { i18n } = useLingui();
  if (!error?.message) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {messageText(error, i18n)}
    </p>
  );
}

/**
 * The frame every field shares: the label (with "(optional)"), the control, the hint and the error
 * message. `children` gets the control's id and the ids that describe it (for aria-describedby).
 */
export function FieldFrame({
  label,
  hint,
  error,
  optional,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldMessage | undefined;
  optional?: boolean | undefined;
  className?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const { t } = useLingui();
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label} {optional && <span className={styles.optional}>({t`optional`})</span>}
      </label>
      {children({ id, describedBy })}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField({
  label,
  registration,
  error,
  hint,
  optional,
  className,
  frameClassName,
  ...input
}: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} optional={optional} className={frameClassName}>
      {({ id, describedBy }) => (
        <input
          id={id}
          className={`${styles.input} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
          {...registration}
        />
      )}
    </FieldFrame>
  );
}

/** An email address: the browser's email keyboard and autofill, labelled "Email" unless told otherwise. */
export function EmailField({ label, ...props }: Omit<FieldProps, 'label' | 'type'> & { label?: ReactNode }) {
  const { t } = useLingui();
  return (
    <TextField label={label ?? t`Email`} type="email" autoComplete="email" inputMode="email" {...props} />
  );
}

/** A labelled multi-line input, wired like TextField. */
export function TextAreaField({
  label,
  registration,
  error,
  hint,
  optional,
  className,
  frameClassName,
  ...area
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> &
  Omit<FieldProps, keyof InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} optional={optional} className={frameClassName}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          className={`${styles.input} ${styles.textarea} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...area}
          {...registration}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A failure of the whole form (the server's message when no field owns it), or of one control when `id`
 * names it for the control's aria-describedby; nothing when there is none.
 */
export function FormError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {children}
    </p>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  label,
  registration,
  error,
  hint,
  optional,
  frameClassName,
  ...input
}: FieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error} optional={optional} className={frameClassName}>
      {({ id, describedBy }) => (
        <div className={styles.control}>
          <input
            id={id}
            type={visible ? 'text' : 'password'}
            className={`${styles.input} ${styles.withToggle}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...input}
            {...registration}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? t`Hide` : t`Show`}
            <span className="visually-hidden"> {t`password`}</span>
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

/** A checkbox with its label on the right (terms, consents). */
export function CheckboxField({
  label,
  registration,
  error,
}: {
  label: ReactNode;
  registration: Registration;
  error?: FieldMessage | undefined;
}) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      <label htmlFor={id}>{label}</label>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * The terms of service and privacy policy links under a buyer's terms checkbox (sign-up, checkout):
 * each opens its text in a window.
 */
export function TermsLinks() {
  return (
    <p className={styles.hint}>
      <Trans>
        Read the{' '}
        <button type="button" className={styles.linkButton} onClick={() => openOverlay('buyerTerms')}>
          terms of service
        </button>{' '}
        and the{' '}
        <button type="button" className={styles.linkButton} onClick={() => openOverlay('buyerPrivacy')}>
          privacy policy
        </button>
        .
      </Trans>
    </p>
  );
}

/** The name useSchemaForm gives a field of one row of FieldRows (`list.KEY.field`). */
export const rowName = (list: string, key: number, field: string) => `${list}.${key}.${field}`;

/**
 * Rows of the same fields that the user adds and removes (the alternates panel's domains): each row a
 * fieldset named by `legend`, holding `children` (its fields, named with `rowName`) and, while there is
 * more than one row, a button that removes it; the caller draws the button that adds one. The caller
 * keeps the rows' lasting keys and, on a removal, unregisters the row's fields from useSchemaForm.
 */
export function FieldRows<R extends { key: number }>({
  rows,
  legend,
  remove,
  className,
  children,
}: {
  rows: readonly R[];
  legend: (n: number) => string;
  remove: {
    label: (n: number) => string;
    text: ReactNode;
    className?: string;
    onRemove: (row: R) => void;
  };
  className?: string;
  children: (row: R, index: number) => ReactNode;
}) {
  return rows.map((row, i) => (
    <fieldset key={row.key} className={className}>
      <legend className="visually-hidden">{legend(i + 1)}</legend>
      {children(row, i)}
      {rows.length > 1 && (
        <button
          type="button"
          className={`${styles.linkButton} ${remove.className ?? ''}`}
          aria-label={remove.label(i + 1)}
          onClick={() => remove.onRemove(row)}
        >
          {remove.text}
        </button>
      )}
    </fieldset>
  ));
}

export function SubmitButton({
  children,
  busy,
  block,
}: {
  children: ReactNode;
  busy?: boolean;
  block?: boolean;
}) {
  return (
    <button
      type="submit"
      className={`${styles.primary} ${block ? styles.block : ''}`}
      disabled={busy}
      aria-busy={busy}
    >
      {children}
    </button>
  );
}
