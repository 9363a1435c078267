import {
  AMOUNT_KINDS,
  BROKER_TIMELINE_KINDS,
  type BrokerLeadDetail,
  CONTACT_CHANNELS,
  CreateTimelineEntryBody,
  type MarketAnalysisBody,
  MarketAnalysisForm,
  type TimelineKind,
} from '@domain-broker/shared/schemas/broker';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import {
  FieldFrame,
  FormError,
  formStyles,
  SubmitButton,
  TextAreaField,
  TextField,
} from '#portal/components/form.tsx';
import { payloadSchema, useSchemaForm } from '#portal/lib/schema-form.ts';
import {
  addTimelineEntry,
  decideOpportunity,
  type MarketAnalysisInput,
  saveMarketAnalysis,
  type TimelineEntryInput,
} from '../api/broker.ts';
import { CHANNEL_LABELS, day, dayTime, fieldError, KIND_LABELS, label, money } from '../messages.ts';
import { newestFirst, occurredAtOf, todayInput } from '../rules.ts';
import { useLeadWrite } from '../use-write.ts';
import styles from '../workspace.module.css';
import { Card } from './card.tsx';

type Props = { lead: BrokerLeadDetail };

export function MarketAnalysisCard({ lead }: Props) {
  const { t, i18n } = useLingui();
  const ma = lead.marketAnalysis;
  const form = useSchemaForm<MarketAnalysisInput, MarketAnalysisBody>(MarketAnalysisForm, {
    value: ma.value,
    low: ma.low,
    high: ma.high,
    ownerNotes: ma.ownerNotes,
    expectedTimeline: ma.expectedTimeline,
  });
  const errors = form.formState.errors;
  const write = useLeadWrite(lead.UID, (body: MarketAnalysisInput) => saveMarketAnalysis(lead.UID, body), {
    returnsLead: true,
    fallback: msg`Market analysis saved`,
    form,
  });
  const amount = (name: 'low' | 'value' | 'high', text: string) => (
    <TextField
      label={text}
      inputMode="decimal"
      registration={form.register(name)}
      error={fieldError(i18n, errors[name])}
    />
  );
  return (
    <Card id="lead-analysis" title={<Trans>Market Analysis</Trans>}>
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
        className={formStyles.form}
        noValidate
        onSubmit={form.handleSubmit(() => write.run(form.getValues()))}
      >
        <div className={styles.row}>
          {amount('low', t`Low (USD)`)}
          {amount('value', t`Value (USD)`)}
          {amount('high', t`High (USD)`)}
        </div>
        <TextAreaField
          label={t`What is known of the owner`}
          maxLength={4000}
          registration={form.register('ownerNotes')}
          error={fieldError(i18n, errors.ownerNotes)}
        />
        <TextAreaField
          label={t`Expected timeline`}
          maxLength={1000}
          registration={form.register('expectedTimeline')}
          error={fieldError(i18n, errors.expectedTimeline)}
        />
        <FormError>{write.error}</FormError>
        <div className={formStyles.actions}>
          <SubmitButton busy={write.pending}>
            <Trans>Save Analysis</Trans>
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}

export function AlternatesCard({ lead }: Props) {
  return (
    <Card id="lead-alternates" title={<Trans>Alternate Domains</Trans>}>
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
    </Card>
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
          <FormError>{write.error}</FormError>
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

/** The entry's fields, named as the payload's (the day typed, the visibility as the radio's value). */
type EntryValues = {
  occurredAt: string;
  channel: string;
  amount: string;
  note: string;
  buyerVisible: string;
};

const blankEntry = (): EntryValues => ({
  occurredAt: todayInput(),
  channel: '',
  amount: '',
  note: '',
  buyerVisible: 'true',
});

/** The payload of an entry of `kind`: the day made a moment, the channel and amount only where they belong. */
function entryBody(kind: TimelineKind, values: Record<string, string | boolean>): TimelineEntryInput {
  return {
    kind,
    occurredAt: occurredAtOf(String(values.occurredAt)),
    note: String(values.note),
    buyerVisible: values.buyerVisible === 'true',
    ...(kind === 'owner_contacted' ? { channel: String(values.channel) || null } : {}),
    ...(AMOUNT_KINDS.includes(kind) ? { amount: String(values.amount) } : {}),
  };
}

export function TimelineCard({ lead }: Props) {
  const { t, i18n } = useLingui();
  // the step decides which fields the form shows
  const [kind, setKind] = useState<TimelineKind>('owner_contacted');
  const form = useSchemaForm<EntryValues, unknown>(
    payloadSchema(CreateTimelineEntryBody, (values) => entryBody(kind, values)),
    blankEntry(),
  );
  const { errors } = form.formState;
  const write = useLeadWrite(lead.UID, (body: TimelineEntryInput) => addTimelineEntry(lead.UID, body), {
    returnsLead: false,
    fallback: msg`Timeline updated`,
    form,
    onDone: () => {
      setKind('owner_contacted');
      form.reset(blankEntry());
    },
  });
  const entries = newestFirst(lead.timeline);
  const withAmount = AMOUNT_KINDS.includes(kind);
  const shown = (name: keyof EntryValues) => fieldError(i18n, errors[name]);
  const today = todayInput();
  const submit = form.handleSubmit(() => {
    const values = form.getValues();
    if (values.occurredAt > today) {
      form.setError('occurredAt', { message: 'The date cannot be in the future.' }, { focus: true });
      return;
    }
    write.run(entryBody(kind, values));
  });
  return (
    <Card id="lead-timeline" title={<Trans>Timeline</Trans>}>
      {lead.status === 'new' ? (
        <form
          className={styles.form}
          noValidate
          aria-label={t`Add to the timeline`}
          onSubmit={(e) => void submit(e)}
        >
          <div className={styles.row}>
            <FieldFrame label={<Trans>Step</Trans>}>
              {({ id }) => (
                <select
                  id={id}
                  className={styles.select}
                  value={kind}
                  onChange={(e) => setKind(e.target.value as TimelineKind)}
                >
                  {BROKER_TIMELINE_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {label(i18n, KIND_LABELS, k)}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            <FieldFrame label={<Trans>Date</Trans>} error={shown('occurredAt')}>
              {({ id, describedBy }) => (
                <input
                  id={id}
                  type="date"
                  aria-describedby={describedBy}
                  className={styles.input}
                  max={today}
                  {...form.register('occurredAt')}
                />
              )}
            </FieldFrame>
            {kind === 'owner_contacted' ? (
              <FieldFrame label={<Trans>Channel</Trans>} error={shown('channel')}>
                {({ id, describedBy }) => (
                  <select
                    id={id}
                    aria-describedby={describedBy}
                    className={styles.select}
                    {...form.register('channel')}
                  >
                    <option value="">{t`Choose…`}</option>
                    {CONTACT_CHANNELS.map((c) => (
                      <option key={c} value={c}>
                        {label(i18n, CHANNEL_LABELS, c)}
                      </option>
                    ))}
                  </select>
                )}
              </FieldFrame>
            ) : null}
            {withAmount ? (
              <FieldFrame label={<Trans>Amount (USD)</Trans>} error={shown('amount')}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    aria-describedby={describedBy}
                    className={styles.input}
                    inputMode="decimal"
                    {...form.register('amount')}
                  />
                )}
              </FieldFrame>
            ) : null}
          </div>
          <FieldFrame label={<Trans>Note</Trans>} error={shown('note')}>
            {({ id, describedBy }) => (
              <textarea
                id={id}
                aria-describedby={describedBy}
                className={styles.textarea}
                maxLength={4000}
                {...form.register('note')}
              />
            )}
          </FieldFrame>
          <fieldset className={styles.row}>
            <legend className={styles.field}>
              <Trans>Who sees it</Trans>
            </legend>
            <label className={styles.check}>
              <input type="radio" value="true" {...form.register('buyerVisible')} />
              <Trans>The buyer too (they get a mail)</Trans>
            </label>
            <label className={styles.check}>
              <input type="radio" value="false" {...form.register('buyerVisible')} />
              <Trans>Internal (staff only)</Trans>
            </label>
          </fieldset>
          <FormError>{write.error}</FormError>
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
    </Card>
  );
}
