import { MAX_DOMAINS_PER_CONSULTATION } from '@domain-broker/shared/constants';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CheckboxField, FieldRows, formStyles, rowName, TextField } from '#portal/components/form.tsx';
import { ApiError, errorText } from '#portal/lib/api.ts';
import { usePublicConfig } from '#portal/lib/config.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { openOverlay } from '#portal/lib/overlays.ts';
import { openUpgrade } from '#portal/lib/paid-features.ts';
import { type FieldMessage, useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSaveAlternates } from '../api/save-alternates.ts';
import { alternatesText } from '../utils/messages.ts';
import styles from './dashboard.module.css';

/** Alternates one lead takes: five domains in all with the lead's own (decision A1). */
export const MAX_ALTERNATES = MAX_DOMAINS_PER_CONSULTATION - 1;

type Status = Lead['opportunities'][number]['status'];
/** The panel's fields: the terms, and each row's `opportunities.KEY.domainName` and `.offerAmount`. */
type Values = Record<string, string | boolean>;
/** The broker's decision on an alternate domain, as its buyer reads it. */
const ALTERNATE_DECISION_LABELS: Record<Status, MessageDescriptor> = {
  // the broker has not decided yet (the lead's own 'Pending' means unpaid)
  pending: msg({ message: 'Pending', context: 'alternate domain' }),
  accepted: msg({ message: 'Accepted', context: 'alternate domain' }),
  rejected: msg({ message: 'Rejected', context: 'alternate domain' }),
};

interface Row {
  key: number;
}

let nextKey = 1;
const blankRow = (): Row => ({ key: nextKey++ });
const LIST = 'opportunities';
const domainField = (row: Row) => rowName(LIST, row.key, 'domainName');
const budgetField = (row: Row) => rowName(LIST, row.key, 'offerAmount');
/** A server field message the panel shows beside a field ("opportunities.0.domainName", "termsAgreed"). */
const ownsField = (field: string) =>
  field === 'termsAgreed' || /^opportunities\.\d+\.(domainName|offerAmount)$/.test(field);

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
  const alternates = lead.opportunities;
  const own = lead.domainName;
  const max = MAX_DOMAINS_PER_CONSULTATION;
  const most = MAX_ALTERNATES;
  const remaining = Math.max(0, MAX_ALTERNATES - alternates.length);
  const [rows, setRows] = useState<Row[]>(() => [blankRow()]);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const form = useSchemaForm<Values, unknown>(
    () =>
      import('@domain-broker/shared/schemas/opportunities').then((m) =>
        m.createOrUpdateOpportunitiesBody(
          config.supportedExtensions.length > 0 ? config.supportedExtensions : undefined,
        ),
      ),
    {
      leadUID: lead.UID,
      termsAgreed: false,
      ...(prefill && rows[0] ? { [domainField(rows[0])]: prefill } : {}),
    },
  );
  const { errors } = form.formState;
  const forget = (gone: readonly Row[]) => {
    for (const row of gone) {
      form.unregister(domainField(row));
      form.unregister(budgetField(row));
    }
  };
  const save = useSaveAlternates({
    onDone: () => {
      forget(rows);
      setRows([blankRow()]);
      // the domain the buy flow sent is added: a reload must not offer it again
      if (prefill) navigate(location.pathname, { replace: true });
    },
    onFailure: (error) => {
      if (!(error instanceof ApiError) || [401, 307, 451].includes(error.status)) return;
      if (error.errors?.length) {
        form.setServerErrors(error.errors.filter((e) => ownsField(e.field)));
        setFormError(error.errors.find((e) => !ownsField(e.field))?.message);
      } else if (error.code === 'OPPORTUNITY_DUPLICATE') {
        const values = form.getValues();
        const row = shown.find((r) => {
          const domain = String(values[domainField(r)] ?? '')
            .trim()
            .toLowerCase();
          return error.message.toLowerCase().includes(domain);
        });
        if (row) form.setError(domainField(row), { message: error.message });
        else setFormError(error.message);
      } else setFormError(errorText(error));
    },
  });
  const busy = save.pending;
  const section = useRef<HTMLElement>(null);

  // a save that left fewer places than rows keeps only the rows that still fit
  const shown = rows.slice(0, Math.max(1, remaining));
  const first = shown[0];

  // a removed row takes the focus with it: it goes to the first row's domain instead
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || !first) return;
    refocus.current = false;
    form.setFocus(domainField(first));
  });

  useEffect(() => {
    if (!prefill || !first) return;
    section.current?.scrollIntoView?.({ block: 'start' });
    form.setFocus(domainField(first));
  }, [prefill]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(undefined);
    forget(rows.filter((r) => !shown.includes(r)));
    void form.handleSubmit(() => {
      const values = form.getValues();
      const text = (name: string) => String(values[name] ?? '').trim();
      save.run({
        leadUID: lead.UID,
        opportunities: shown.map((r) => ({
          domainName: text(domainField(r)),
          offerAmount: text(budgetField(r)),
        })),
        termsAgreed: values.termsAgreed === true,
      });
    })();
  };
  /** A message of the schema or the server, in the active language. */
  const shownError = (error: FieldMessage | undefined) =>
    error && { message: alternatesText(error.message, i18n) };
  // a message about the whole list (none given, too many) or the lead: under the terms, as before
  const listError =
    formError ??
    Object.entries(errors).find(([field]) => field !== 'termsAgreed' && !ownsField(field))?.[1]?.message;

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
        <form className={styles.alternatesForm} onSubmit={submit} noValidate aria-busy={busy || undefined}>
          <p className={styles.muted}>
            <Trans>You can add {remaining} more.</Trans>
          </p>
          <FieldRows
            rows={shown}
            className={styles.alternateRow}
            legend={(n) => t`Alternate domain ${n}`}
            remove={{
              label: (n) => t`Remove Domain ${n}`,
              text: <Trans>Remove</Trans>,
              className: styles.remove,
              onRemove: (row) => {
                refocus.current = true;
                forget([row]);
                setRows((all) => all.filter((r) => r.key !== row.key));
              },
            }}
          >
            {(row, i) => {
              const n = i + 1;
              return (
                <>
                  <TextField
                    label={t`Alternate domain ${n}`}
                    placeholder="example.com"
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    registration={form.register(domainField(row))}
                    error={shownError(errors[domainField(row)])}
                  />
                  <TextField
                    label={t`Budget (USD)`}
                    optional
                    inputMode="decimal"
                    autoComplete="off"
                    registration={form.register(budgetField(row))}
                    error={shownError(errors[budgetField(row)])}
                  />
                </>
              );
            }}
          </FieldRows>
          {shown.length < remaining && (
            <button
              type="button"
              className={formStyles.secondary}
              onClick={() => setRows((all) => [...all, blankRow()])}
            >
              <Trans>Add Another Domain</Trans>
            </button>
          )}
          <CheckboxField
            label={<Trans>I agree to the terms: my broker may accept or reject each alternate domain.</Trans>}
            registration={form.register('termsAgreed')}
            error={shownError(errors.termsAgreed)}
          />
          <button type="button" className={formStyles.linkButton} onClick={() => openOverlay('buyerTerms')}>
            <Trans>Read the Terms and Conditions</Trans>
          </button>
          {listError && (
            <p className={formStyles.warning} role="alert">
              {alternatesText(listError, i18n)}
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
