import type { TimelineEntry, TimelineKind } from '@domain-broker/shared/schemas/broker';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '#portal/components/confirm-dialog.tsx';
import { formStyles, TextAreaField } from '#portal/components/form.tsx';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { TIMELINE_STEP_LABELS } from '#portal/lib/timeline-labels.ts';
import { useSendBrokerMessage, useStopService } from '../api/broker-work.ts';
import styles from './dashboard.module.css';

export const KIND_LABELS: Record<TimelineKind, MessageDescriptor> = {
  ...TIMELINE_STEP_LABELS,
  note: msg`Note from your broker`,
  buyer_message: msg`Your message`,
};

const CHANNEL_LABELS: Record<string, MessageDescriptor> = {
  email: msg`by email`,
  phone: msg`by phone`,
  postal_mail: msg`by postal mail`,
  registrar_relay: msg`through the registrar`,
  marketplace: msg`through a marketplace`,
};

/**
 * What the broker has done for one paid lead, as the buyer sees it (docs/product.md "Buyer dashboard"): the market analysis,
 * the negotiation timeline (buyer-visible steps and the buyer's own messages, newest first), a reply
 * box, the sale with our commission, the reason a lead was closed, and the agreement's stop action.
 */
export function BrokerWork({ lead }: { lead: Lead }) {
  const timeline = [...(lead.timeline ?? [])].reverse();
  const open = lead.status === 'new';
  return (
    <div className={styles.work}>
      {lead.sale ? <SaleSummary lead={lead} /> : null}
      {lead.closeReason && (lead.status === 'canceled' || lead.status === 'refunded') ? (
        <p className={styles.reason}>
          <Trans>Reason given by your broker: {lead.closeReason}</Trans>
        </p>
      ) : null}
      {lead.brokerAnalysis ? <Analysis lead={lead} /> : null}
      <section aria-labelledby={`tl-${lead.UID}`} className={styles.timeline}>
        <h3 id={`tl-${lead.UID}`}>
          <Trans>Progress</Trans>
        </h3>
        {timeline.length === 0 ? (
          <p>
            {open ? (
              <Trans>
                Your broker is researching {lead.domainName}. Each step they take will appear here, and you
                will receive an email.
              </Trans>
            ) : (
              <Trans>No steps were recorded for this domain.</Trans>
            )}
          </p>
        ) : (
          <ol className={styles.steps}>
            {timeline.map((entry) => (
              <Step key={entry.UID} entry={entry} />
            ))}
          </ol>
        )}
        {open ? <MessageForm lead={lead} /> : null}
      </section>
      {lead.agreement?.canStop ? <StopService lead={lead} /> : null}
      {lead.agreement?.stopRequestedAt && lead.agreement.serviceEnd && lead.agreement.phase !== 'ended' ? (
        <StopNotice end={lead.agreement.serviceEnd} />
      ) : null}
    </div>
  );
}

function useDates() {
  const { i18n } = useLingui();
  return (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium' });
}

function Step({ entry }: { entry: TimelineEntry }) {
  const { i18n } = useLingui();
  const date = useDates();
  const channel = entry.channel ? CHANNEL_LABELS[entry.channel] : undefined;
  return (
    <li className={styles.step} data-kind={entry.kind}>
      <time dateTime={entry.occurredAt}>{date(entry.occurredAt)}</time>
      <p className={styles.stepTitle}>
        {i18n._(KIND_LABELS[entry.kind])}
        {channel ? ` ${i18n._(channel)}` : ''}
        {entry.amount ? ` · ${entry.amount} USD` : ''}
      </p>
      {entry.note ? <p className={styles.stepNote}>{entry.note}</p> : null}
    </li>
  );
}

function Analysis({ lead }: { lead: Lead }) {
  const a = lead.brokerAnalysis;
  if (!a) return null;
  return (
    <section className={styles.analysis} aria-labelledby={`ma-${lead.UID}`}>
      <h3 id={`ma-${lead.UID}`}>
        <Trans>Market analysis</Trans>
      </h3>
      <dl className={styles.dates}>
        {a.value ? (
          <>
            <dt>
              <Trans>Estimated value</Trans>
            </dt>
            <dd>
              {a.value} USD
              {a.low && a.high ? (
                <>
                  {' '}
                  <Trans>
                    (range {a.low} – {a.high} USD)
                  </Trans>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {a.ownerNotes ? (
          <>
            <dt>
              <Trans>About the owner</Trans>
            </dt>
            <dd>{a.ownerNotes}</dd>
          </>
        ) : null}
        {a.expectedTimeline ? (
          <>
            <dt>
              <Trans>Expected timeline</Trans>
            </dt>
            <dd>{a.expectedTimeline}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function SaleSummary({ lead }: { lead: Lead }) {
  const date = useDates();
  const sale = lead.sale;
  if (!sale) return null;
  return (
    <dl className={styles.dates} data-sale>
      <dt>
        <Trans>Sold on</Trans>
      </dt>
      <dd>{date(sale.soldDate)}</dd>
      <dt>
        <Trans>Price</Trans>
      </dt>
      <dd>{sale.price} USD</dd>
      <dt>
        <Trans>Our commission</Trans>
      </dt>
      <dd>
        {sale.commission} USD
        {sale.commissionRule === 'minimum' ? (
          <>
            {' '}
            <Trans>(the minimum commission)</Trans>
          </>
        ) : (
          <> ({sale.commissionPercent}%)</>
        )}
      </dd>
    </dl>
  );
}

// the payload's schema (packages/shared/src/schemas/broker.ts), downloaded once the form is drawn (with
// valibot, which the dashboard's first load does without), and its message for an empty reply
const EMPTY = { message: '' };
const messageSchema = () =>
  import('@domain-broker/shared/schemas/broker').then((m) => {
    EMPTY.message = m.TIMELINE_ERRORS.emptyMessage;
    return m.BuyerMessageBody;
  });

function MessageForm({ lead }: { lead: Lead }) {
  const { t } = useLingui();
  const form = useSchemaForm<{ message: string }>(messageSchema, { message: '' });
  const error = form.formState.errors.message;
  const write = useSendBrokerMessage(lead.UID, { form, onDone: () => form.reset() });
  const busy = write.pending;
  const send = form.handleSubmit(({ message }) => {
    if (!busy) write.run(message);
  });
  return (
    <form className={styles.message} onSubmit={(e) => void send(e)} noValidate>
      <TextAreaField
        label={<Trans>Message your broker</Trans>}
        rows={3}
        maxLength={4000}
        registration={form.register('message')}
        error={
          error && {
            message: error.message === EMPTY.message ? t`Please write a message.` : error.message,
          }
        }
      />
      <button type="submit" className={styles.button} disabled={busy} aria-busy={busy}>
        <Trans>Send Message</Trans>
      </button>
    </form>
  );
}

function StopService({ lead }: { lead: Lead }) {
  const { t } = useLingui();
  const date = useDates();
  const [confirming, setConfirming] = useState(false);
  const sent = useRef(false);
  const write = useStopService(lead.UID, () => setConfirming(false));
  const busy = write.pending;
  const agreement = lead.agreement;
  if (!agreement) return null;
  const inTerm = agreement.phase === 'term';
  const stop = async () => {
    if (sent.current) return;
    sent.current = true;
    // a second click while the first is on its way sends nothing; after a failure it may try again
    if (!(await write.runAsync(undefined))) sent.current = false;
  };
  return (
    <div>
      <button type="button" className={formStyles.secondary} onClick={() => setConfirming(true)}>
        <Trans>Stop the Service</Trans>
      </button>
      {confirming && (
        <ConfirmDialog
          title={t`Stop the service for ${lead.domainName}?`}
          confirmLabel={<Trans>Stop the Service</Trans>}
          cancelLabel={<Trans>Keep My Broker</Trans>}
          busy={busy}
          onConfirm={() => void stop()}
          onClose={() => setConfirming(false)}
        >
          <p>
            {inTerm ? (
              <Trans>
                Your broker keeps working until the initial term ends on {date(agreement.termEnd)}, then the
                service stops.
              </Trans>
            ) : (
              <Trans>Your broker stops working on this domain now.</Trans>
            )}{' '}
            <Trans>
              If you buy the domain within six months of the last contact your broker made for you, the
              commission is still due.
            </Trans>
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function StopNotice({ end }: { end: string }) {
  const date = useDates();
  return (
    <p>
      <Trans>You asked to stop the service: it ends on {date(end)}.</Trans>
    </p>
  );
}
