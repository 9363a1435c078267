import {
  AMOUNT_KINDS,
  BROKER_TIMELINE_KINDS,
  type BrokerLeadDetail,
  CONTACT_CHANNELS,
  CreateTimelineEntryBody,
  MarketAnalysisBody,
  type TimelineKind,
} from '@domain-broker/shared/schemas/broker';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import * as v from 'valibot';
import {
  addTimelineEntry,
  decideOpportunity,
  type MarketAnalysisInput,
  saveMarketAnalysis,
  type TimelineEntryInput,
} from '../api/broker.ts';
import { CHANNEL_LABELS, day, dayTime, fieldText, KIND_LABELS, label, money } from '../messages.ts';
import { newestFirst, occurredAtOf, todayInput } from '../rules.ts';
import { useLeadWrite } from '../use-write.ts';
import styles from '../workspace.module.css';

type Props = { lead: BrokerLeadDetail };

/** The first message of each field of a failed parse (the shared schema's English texts, translated). */
function fieldMessages(
  issues: v.BaseIssue<unknown>[],
  translate: (s: string) => string,
): Record<string, string> {
  const flat = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]);
  const out: Record<string, string> = {};
  if (flat.root?.[0]) out.root = translate(flat.root[0]);
  for (const [key, list] of Object.entries(flat.nested ?? {})) {
    const first = (list as string[] | undefined)?.[0];
    if (first) out[key] = translate(first);
  }
  return out;
}

function Field({
  label: text,
  error,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{text}</label>
      {children({ id, describedBy: error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function MarketAnalysisCard({ lead }: Props) {
  const { i18n } = useLingui();
  const ma = lead.marketAnalysis;
  const [form, setForm] = useState<MarketAnalysisInput>({
    value: ma.value,
    low: ma.low,
    high: ma.high,
    ownerNotes: ma.ownerNotes,
    expectedTimeline: ma.expectedTimeline,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const write = useLeadWrite(lead.UID, (body: MarketAnalysisInput) => saveMarketAnalysis(lead.UID, body), {
    returnsLead: true,
    fallback: msg`Market analysis saved`,
  });
  const set = (key: keyof MarketAnalysisInput) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const shown = { ...errors, ...write.fieldErrors };
  return (
    <section className={styles.card} aria-labelledby="lead-analysis">
      <h2 id="lead-analysis">
        <Trans>Market Analysis</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>The buyer sees this on their dashboard.</Trans>
        {ma.updatedAt ? (
          <>
            {' '}
            <Trans>Last saved {dayTime(i18n, ma.updatedAt)}.</Trans>
          </>
        ) : null}
      </p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = v.safeParse(MarketAnalysisBody, form);
          if (!parsed.success) {
            setErrors(fieldMessages(parsed.issues, (s) => fieldText(i18n, s)));
            return;
          }
          setErrors({});
          write.run(form);
        }}
      >
        <div className={styles.row}>
          <Field label={<Trans>Low (USD)</Trans>} error={shown.low}>
            {({ id, describedBy }) => (
              <input
                id={id}
                aria-describedby={describedBy}
                className={styles.input}
                inputMode="decimal"
                value={form.low}
                onChange={set('low')}
              />
            )}
          </Field>
          <Field label={<Trans>Value (USD)</Trans>} error={shown.value}>
            {({ id, describedBy }) => (
              <input
                id={id}
                aria-describedby={describedBy}
                className={styles.input}
                inputMode="decimal"
                value={form.value}
                onChange={set('value')}
              />
            )}
          </Field>
          <Field label={<Trans>High (USD)</Trans>} error={shown.high}>
            {({ id, describedBy }) => (
              <input
                id={id}
                aria-describedby={describedBy}
                className={styles.input}
                inputMode="decimal"
                value={form.high}
                onChange={set('high')}
              />
            )}
          </Field>
        </div>
        <Field label={<Trans>What is known of the owner</Trans>} error={shown.ownerNotes}>
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              className={styles.textarea}
              maxLength={4000}
              value={form.ownerNotes}
              onChange={set('ownerNotes')}
            />
          )}
        </Field>
        <Field label={<Trans>Expected timeline</Trans>} error={shown.expectedTimeline}>
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              className={styles.textarea}
              maxLength={1000}
              value={form.expectedTimeline}
              onChange={set('expectedTimeline')}
            />
          )}
        </Field>
        {shown.root || write.error ? (
          <p role="alert" className={styles.fieldError}>
            {shown.root ?? write.error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={write.pending}>
            <Trans>Save Analysis</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

export function AlternatesCard({ lead }: Props) {
  return (
    <section className={styles.card} aria-labelledby="lead-alternates">
      <h2 id="lead-alternates">
        <Trans>Alternate Domains</Trans>
      </h2>
      {lead.opportunities.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No Data Found!</Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {lead.opportunities.map((o) => (
            <Alternate key={o.UID} lead={lead} opportunity={o} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Alternate({
  lead,
  opportunity: o,
}: {
  lead: BrokerLeadDetail;
  opportunity: BrokerLeadDetail['opportunities'][number];
}) {
  const { i18n } = useLingui();
  const [note, setNote] = useState('');
  const noteId = useId();
  const nameId = useId();
  const write = useLeadWrite(
    lead.UID,
    (status: 'accepted' | 'rejected') => decideOpportunity(o.UID, { status, note }),
    { returnsLead: true, fallback: msg`Alternate domain updated` },
  );
  return (
    <li className={styles.entry}>
      <span className={styles.entryHead}>
        <strong id={nameId}>{o.domainName}</strong>
        {o.offerAmount ? <span>{money(i18n, o.offerAmount)}</span> : null}
        <span className={styles.tag}>
          {o.status === 'pending' ? (
            <Trans>Waiting</Trans>
          ) : o.status === 'accepted' ? (
            <Trans>Accepted</Trans>
          ) : (
            <Trans>Rejected</Trans>
          )}
        </span>
      </span>
      {o.status === 'pending' && lead.status === 'new' ? (
        <div className={styles.form}>
          <label htmlFor={noteId} className={styles.field}>
            <Trans>Note to the buyer</Trans>
          </label>
          <textarea
            id={noteId}
            className={styles.textarea}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          {write.error ? (
            <p role="alert" className={styles.fieldError}>
              {write.error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.button}
              disabled={write.pending}
              aria-describedby={nameId}
              onClick={() => write.run('accepted')}
            >
              <Trans>Accept</Trans>
            </button>
            <button
              type="button"
              className={styles.danger}
              disabled={write.pending}
              aria-describedby={nameId}
              onClick={() => write.run('rejected')}
            >
              <Trans>Reject</Trans>
            </button>
          </div>
        </div>
      ) : o.decisionNote ? (
        <p className={styles.note}>{o.decisionNote}</p>
      ) : null}
      <span className={styles.muted}>{day(i18n, o.createdAt)}</span>
    </li>
  );
}

interface EntryForm {
  kind: TimelineKind;
  day: string;
  channel: string;
  amount: string;
  note: string;
  buyerVisible: boolean;
}

const blankEntry = (): EntryForm => ({
  kind: 'owner_contacted',
  day: todayInput(),
  channel: '',
  amount: '',
  note: '',
  buyerVisible: true,
});

export function TimelineCard({ lead }: Props) {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<EntryForm>(blankEntry);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const visibleName = useId();
  const write = useLeadWrite(lead.UID, (body: TimelineEntryInput) => addTimelineEntry(lead.UID, body), {
    returnsLead: false,
    fallback: msg`Timeline updated`,
    onDone: () => setForm(blankEntry()),
  });
  const entries = newestFirst(lead.timeline);
  const withAmount = AMOUNT_KINDS.includes(form.kind);
  const shown = { ...errors, ...write.fieldErrors };
  const today = todayInput();
  return (
    <section className={styles.card} aria-labelledby="lead-timeline">
      <h2 id="lead-timeline">
        <Trans>Timeline</Trans>
      </h2>
      {lead.status === 'new' ? (
        <form
          className={styles.form}
          noValidate
          aria-label={t`Add to the timeline`}
          onSubmit={(e) => {
            e.preventDefault();
            if (!/^\d{4}-\d{2}-\d{2}$/.test(form.day) || form.day > today) {
              setErrors({
                occurredAt: fieldText(
                  i18n,
                  form.day > today ? 'The date cannot be in the future.' : 'Please enter a valid date.',
                ),
              });
              return;
            }
            const body: TimelineEntryInput = {
              kind: form.kind,
              occurredAt: occurredAtOf(form.day),
              note: form.note,
              buyerVisible: form.buyerVisible,
              ...(form.kind === 'owner_contacted' ? { channel: form.channel || null } : {}),
              ...(withAmount ? { amount: form.amount } : {}),
            };
            const parsed = v.safeParse(CreateTimelineEntryBody, body);
            if (!parsed.success) {
              setErrors(fieldMessages(parsed.issues, (s) => fieldText(i18n, s)));
              return;
            }
            setErrors({});
            write.run(body);
          }}
        >
          <div className={styles.row}>
            <Field label={<Trans>Step</Trans>}>
              {({ id }) => (
                <select
                  id={id}
                  className={styles.select}
                  value={form.kind}
                  onChange={(e) => setForm((f) => ({ ...f, kind: e.target.value as TimelineKind }))}
                >
                  {BROKER_TIMELINE_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {label(i18n, KIND_LABELS, k)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={<Trans>Date</Trans>} error={shown.occurredAt}>
              {({ id, describedBy }) => (
                <input
                  id={id}
                  type="date"
                  aria-describedby={describedBy}
                  className={styles.input}
                  max={today}
                  value={form.day}
                  onChange={(e) => setForm((f) => ({ ...f, day: e.target.value }))}
                />
              )}
            </Field>
            {form.kind === 'owner_contacted' ? (
              <Field label={<Trans>Channel</Trans>} error={shown.channel}>
                {({ id, describedBy }) => (
                  <select
                    id={id}
                    aria-describedby={describedBy}
                    className={styles.select}
                    value={form.channel}
                    onChange={(e) => setForm((f) => ({ ...f, channel: e.target.value }))}
                  >
                    <option value="">{t`Choose…`}</option>
                    {CONTACT_CHANNELS.map((c) => (
                      <option key={c} value={c}>
                        {label(i18n, CHANNEL_LABELS, c)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
            {withAmount ? (
              <Field label={<Trans>Amount (USD)</Trans>} error={shown.amount}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    aria-describedby={describedBy}
                    className={styles.input}
                    inputMode="decimal"
                    value={form.amount}
                    onChange={(e) => setForm((f) => ({ ...f, amount: e.target.value }))}
                  />
                )}
              </Field>
            ) : null}
          </div>
          <Field label={<Trans>Note</Trans>} error={shown.note}>
            {({ id, describedBy }) => (
              <textarea
                id={id}
                aria-describedby={describedBy}
                className={styles.textarea}
                maxLength={4000}
                value={form.note}
                onChange={(e) => setForm((f) => ({ ...f, note: e.target.value }))}
              />
            )}
          </Field>
          <fieldset className={styles.row}>
            <legend className={styles.field}>
              <Trans>Who sees it</Trans>
            </legend>
            <label className={styles.check}>
              <input
                type="radio"
                name={visibleName}
                checked={form.buyerVisible}
                onChange={() => setForm((f) => ({ ...f, buyerVisible: true }))}
              />
              <Trans>The buyer too (they get a mail)</Trans>
            </label>
            <label className={styles.check}>
              <input
                type="radio"
                name={visibleName}
                checked={!form.buyerVisible}
                onChange={() => setForm((f) => ({ ...f, buyerVisible: false }))}
              />
              <Trans>Internal (staff only)</Trans>
            </label>
          </fieldset>
          {write.error ? (
            <p role="alert" className={styles.fieldError}>
              {write.error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <button type="submit" className={styles.button} disabled={write.pending}>
              <Trans>Add Entry</Trans>
            </button>
          </div>
        </form>
      ) : null}
      {entries.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No Data Found!</Trans>
        </p>
      ) : (
        <ol className={styles.list} aria-label={t`Entries, newest first`}>
          {entries.map((e) => (
            <li
              key={e.UID}
              className={styles.entry}
              data-internal={!e.buyerVisible}
              data-buyer={e.kind === 'buyer_message'}
            >
              <span className={styles.entryHead}>
                <strong>{label(i18n, KIND_LABELS, e.kind)}</strong>
                {e.channel ? <span>{label(i18n, CHANNEL_LABELS, e.channel)}</span> : null}
                {e.amount ? <span>{money(i18n, e.amount)}</span> : null}
                <span className={styles.tag}>
                  {e.kind === 'buyer_message' ? (
                    <Trans>From the buyer</Trans>
                  ) : e.buyerVisible ? (
                    <Trans>Buyer-visible</Trans>
                  ) : (
                    <Trans>Internal</Trans>
                  )}
                </span>
              </span>
              {e.note ? <p className={styles.note}>{e.note}</p> : null}
              <span className={styles.muted}>
                {day(i18n, e.occurredAt)} · {e.author.name}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
