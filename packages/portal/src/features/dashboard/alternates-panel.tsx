import { MAX_DOMAINS_PER_CONSULTATION } from '@domain-broker/shared/constants';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormError, formStyles } from '#portal/components/form.tsx';
import { ApiError, errorText } from '#portal/lib/api.ts';
import { usePublicConfig } from '#portal/lib/config.ts';
import { replaceLead } from '#portal/lib/leads.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { openOverlay } from '#portal/lib/overlays.ts';
import { openUpgrade } from '#portal/lib/paid-features.ts';
import { useSaveAlternates } from './api/save-alternates.ts';
import styles from './dashboard.module.css';
import { alternatesText } from './messages.ts';

/** Alternates one lead takes: five domains in all with the lead's own (decision A1). */
export const MAX_ALTERNATES = MAX_DOMAINS_PER_CONSULTATION - 1;

type Status = Lead['opportunities'][number]['status'];
/** The broker's decision on an alternate domain, as its buyer reads it. */
const ALTERNATE_DECISION_LABELS: Record<Status, MessageDescriptor> = {
  // the broker has not decided yet (the lead's own 'Pending' means unpaid)
  pending: msg({ message: 'Pending', context: 'alternate domain' }),
  accepted: msg({ message: 'Accepted', context: 'alternate domain' }),
  rejected: msg({ message: 'Rejected', context: 'alternate domain' }),
};

interface Row {
  key: number;
  domainName: string;
  offerAmount: string;
}
interface RowErrors {
  domainName?: string;
  offerAmount?: string;
}
interface Errors {
  rows: Record<number, RowErrors>;
  terms?: string;
  form?: string;
}
const NO_ERRORS: Errors = { rows: {} };

let nextKey = 1;
const blankRow = (domainName = ''): Row => ({ key: nextKey++, domainName, offerAmount: '' });

/** The schema's issues (`opportunities.1.domainName`, `termsAgreed`, ...) as the panel's errors. */
function errorsOf(issues: { path: readonly (string | number)[]; message: string }[], rows: Row[]): Errors {
  const out: Errors = { rows: {} };
  for (const { path, message } of issues) {
    const [top, index, field] = path;
    if (top === 'termsAgreed') out.terms ??= message;
    else if (top === 'opportunities' && typeof index === 'number' && rows[index]) {
      const key = rows[index].key;
      const name = field === 'offerAmount' ? 'offerAmount' : 'domainName';
      out.rows[key] = { ...out.rows[key], [name]: out.rows[key]?.[name] ?? message };
    } else out.form ??= message;
  }
  return out;
}

/** The field path of a server field error ("opportunities.0.domainName") as the panel's. */
const pathOf = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * The alternate domains of the buyer's paid lead (docs/product.md "Alternate domains"; decision
 * A1): those already added with their status (pending until the broker accepts or rejects), and rows
 * to add more up to five domains in all, each with its budget, with the terms to agree. `prefill` is a
 * domain the buy flow sent here ('You are an existing user, Please add {domain} as an alternate
 * domain.', decision A12).
 */
export function AlternatesPanel({ lead, prefill }: { lead: Lead; prefill?: string | undefined }) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const headingId = useId();
  const termsId = useId();
  const alternates = lead.opportunities;
  const own = lead.domainName;
  const max = MAX_DOMAINS_PER_CONSULTATION;
  const most = MAX_ALTERNATES;
  const remaining = Math.max(0, MAX_ALTERNATES - alternates.length);
  const [rows, setRows] = useState<Row[]>(() => [blankRow(prefill)]);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const save = useSaveAlternates({
    onDone: () => {
      setRows([blankRow()]);
      // the domain the buy flow sent is added: a reload must not offer it again
      if (prefill) navigate(location.pathname, { replace: true });
    },
    onFailure: (error) => {
      if (!(error instanceof ApiError) || [401, 307, 451].includes(error.status)) return;
      if (error.errors?.length) {
        setErrors(
          errorsOf(
            error.errors.map((e) => ({ path: pathOf(e.field), message: e.message })),
            shown,
          ),
        );
      } else if (error.code === 'OPPORTUNITY_DUPLICATE') {
        const row = shown.find((r) =>
          error.message.toLowerCase().includes(r.domainName.trim().toLowerCase()),
        );
        setErrors(
          row ? { rows: { [row.key]: { domainName: error.message } } } : { rows: {}, form: error.message },
        );
      } else setErrors({ rows: {}, form: errorText(error) });
    },
  });
  const busy = save.pending;
  const firstInput = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLElement>(null);

  // a removed row takes the focus with it: it goes to the first row's domain instead
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    firstInput.current?.focus();
  });

  useEffect(() => {
    if (!prefill) return;
    section.current?.scrollIntoView?.({ block: 'start' });
    firstInput.current?.focus();
  }, [prefill]);

  // a save that left fewer places than rows keeps only the rows that still fit
  const shown = rows.slice(0, Math.max(1, remaining));
  const setRow = (key: number, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = {
      leadUID: lead.UID,
      opportunities: shown.map((r) => ({
        domainName: r.domainName.trim(),
        offerAmount: r.offerAmount.trim(),
      })),
      termsAgreed: terms,
    };
    const { createOrUpdateOpportunitiesBody } = await import('@domain-broker/shared/schemas/opportunities');
    const { safeParse } = await import('valibot');
    const extensions = config.supportedExtensions.length > 0 ? config.supportedExtensions : undefined;
    const checked = safeParse(createOrUpdateOpportunitiesBody(extensions), body);
    if (!checked.success) {
      setErrors(
        errorsOf(
          checked.issues.map((i) => ({
            path: (i.path ?? []).map((p) => p.key as string | number),
            message: i.message,
          })),
          shown,
        ),
      );
      return;
    }
    setErrors(NO_ERRORS);
    save.run(body);
  };

  return (
    <section ref={section} className={styles.card} aria-labelledby={headingId} data-alternates>
      <h2 id={headingId} className={styles.heading}>
        <Trans>Alternate Domains</Trans>
      </h2>
      <p>
        <Trans>
          Your broker can research up to {max} domains for you: {own} and up to {most} alternates. Each
          alternate stays pending until your broker accepts or rejects it.
        </Trans>
      </p>
      {alternates.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No alternate domains yet.</Trans>
        </p>
      ) : (
        <ul className={styles.alternates} aria-label={t`Your alternate domains`}>
          {alternates.map((o) => (
            <li key={o.UID} className={styles.alternate}>
              <span className={styles.domain}>{o.domainName}</span>
              <span>{o.offerAmount ? `${o.offerAmount} USD` : t`No budget given`}</span>
              <span className={styles.opportunity} data-status={o.status}>
                {i18n._(ALTERNATE_DECISION_LABELS[o.status])}
              </span>
            </li>
          ))}
        </ul>
      )}
      {remaining === 0 ? (
        <p className={formStyles.info} role="status">
          {alternatesText('You can follow at most 5 domains.', i18n)}
        </p>
      ) : (
        <form
          className={styles.alternatesForm}
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-busy={busy || undefined}
        >
          <p className={styles.muted}>
            <Trans>You can add {remaining} more.</Trans>
          </p>
          {shown.map((row, i) => {
            const n = i + 1;
            const rowErrors = errors.rows[row.key] ?? {};
            const domainError = rowErrors.domainName ? `alt-${row.key}-domain-error` : undefined;
            const budgetError = rowErrors.offerAmount ? `alt-${row.key}-budget-error` : undefined;
            return (
              <fieldset key={row.key} className={styles.alternateRow}>
                <legend className="visually-hidden">{t`Alternate domain ${n}`}</legend>
                <div className={formStyles.field}>
                  <label className={formStyles.label} htmlFor={`alt-${row.key}-domain`}>
                    {t`Alternate domain ${n}`}
                  </label>
                  <input
                    id={`alt-${row.key}-domain`}
                    ref={i === 0 ? firstInput : undefined}
                    className={formStyles.input}
                    value={row.domainName}
                    placeholder="example.com"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    aria-invalid={domainError ? true : undefined}
                    aria-describedby={domainError}
                    onChange={(e) => setRow(row.key, { domainName: e.target.value })}
                  />
                  <FormError id={domainError}>{alternatesText(rowErrors.domainName, i18n)}</FormError>
                </div>
                <div className={formStyles.field}>
                  <label className={formStyles.label} htmlFor={`alt-${row.key}-budget`}>
                    {t`Budget (USD)`} <span className={formStyles.optional}>({t`optional`})</span>
                  </label>
                  <input
                    id={`alt-${row.key}-budget`}
                    className={formStyles.input}
                    value={row.offerAmount}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-invalid={budgetError ? true : undefined}
                    aria-describedby={budgetError}
                    onChange={(e) => setRow(row.key, { offerAmount: e.target.value })}
                  />
                  <FormError id={budgetError}>{alternatesText(rowErrors.offerAmount, i18n)}</FormError>
                </div>
                {shown.length > 1 && (
                  <button
                    type="button"
                    className={`${formStyles.linkButton} ${styles.remove}`}
                    aria-label={t`Remove Domain ${n}`}
                    onClick={() => {
                      refocus.current = true;
                      setRows((all) => all.filter((r) => r.key !== row.key));
                    }}
                  >
                    <Trans>Remove</Trans>
                  </button>
                )}
              </fieldset>
            );
          })}
          {shown.length < remaining && (
            <button
              type="button"
              className={formStyles.secondary}
              onClick={() => setRows((all) => [...all, blankRow()])}
            >
              <Trans>Add Another Domain</Trans>
            </button>
          )}
          <div className={formStyles.check}>
            <input
              id={termsId}
              type="checkbox"
              checked={terms}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? `${termsId}-error` : undefined}
              onChange={(e) => setTerms(e.target.checked)}
            />
            <label htmlFor={termsId}>
              <Trans>I agree to the terms: my broker may accept or reject each alternate domain.</Trans>
            </label>
            <FormError id={`${termsId}-error`}>{alternatesText(errors.terms, i18n)}</FormError>
          </div>
          <button type="button" className={formStyles.linkButton} onClick={() => openOverlay('buyerTerms')}>
            <Trans>Read the Terms and Conditions</Trans>
          </button>
          {errors.form && (
            <p className={formStyles.warning} role="alert">
              {alternatesText(errors.form, i18n)}
            </p>
          )}
          <button type="submit" className={formStyles.primary} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Trans>Saving…</Trans> : <Trans>Save Alternate Domains</Trans>}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * The panel as an unpaid buyer meets it (decision A11): what it offers, and the upgrade popup when
 * they choose it.
 */
export function AlternatesTeaser() {
  const headingId = useId();
  const max = MAX_DOMAINS_PER_CONSULTATION;
  const most = MAX_ALTERNATES;
  return (
    <section className={styles.card} aria-labelledby={headingId} data-alternates>
      <h2 id={headingId} className={styles.heading}>
        <Trans>Alternate Domains</Trans>
      </h2>
      <p>
        <Trans>
          With the broker service your broker can research up to {max} domains for you: your domain and up to{' '}
          {most} alternates.
        </Trans>
      </p>
      <button type="button" className={formStyles.secondary} onClick={openUpgrade}>
        <Trans>Add Alternate Domains</Trans>
      </button>
    </section>
  );
}
