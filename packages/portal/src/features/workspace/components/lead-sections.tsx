import type { BrokerLeadDetail } from '@domain-broker/shared/schemas/broker';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { assignLead, listBrokers } from '../api/broker.ts';
import { CONTACT_LABELS, day, dayTime, EVENT_LABELS, label, money, STATUS_LABELS } from '../messages.ts';
import { useLeadWrite } from '../use-write.ts';
import styles from '../workspace.module.css';

type Props = { lead: BrokerLeadDetail };

export function BuyerCard({ lead }: Props) {
  const { i18n } = useLingui();
  const { buyer } = lead;
  const contact = buyer.preferredContact ? label(i18n, CONTACT_LABELS, buyer.preferredContact) : null;
  return (
    <section className={styles.card} aria-labelledby="lead-buyer">
      <h2 id="lead-buyer">
        <Trans>Buyer</Trans>
      </h2>
      <dl className={styles.facts}>
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>{buyer.name || '—'}</dd>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>
          <a href={`mailto:${buyer.email}`}>{buyer.email}</a>
        </dd>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{buyer.phone ? <a href={`tel:${buyer.phone}`}>{buyer.phone}</a> : '—'}</dd>
        <dt>
          <Trans>Preferred contact</Trans>
        </dt>
        <dd>
          {contact ?? <Trans>Not stated</Trans>}
          {buyer.preferText && buyer.preferredContact !== 'PhoneText' ? (
            <>
              {' '}
              <Trans>(text messages welcome)</Trans>
            </>
          ) : null}
        </dd>
        <dt>
          <Trans>Language</Trans>
        </dt>
        <dd>{buyer.locale === 'zh' ? '中文' : 'English'}</dd>
        <dt>
          <Trans>Budget</Trans>
        </dt>
        <dd>{lead.offerAmount ? money(i18n, lead.offerAmount) : '—'}</dd>
        <dt>
          <Trans>Paid</Trans>
        </dt>
        <dd>{day(i18n, lead.paidAt)}</dd>
        <dt>
          <Trans>Broker</Trans>
        </dt>
        <dd>{lead.consultant?.name ?? <Trans>Unassigned</Trans>}</dd>
        <dt>
          <Trans>Channel</Trans>
        </dt>
        <dd>{lead.registrarUID ? <Trans>Registrar referral</Trans> : <Trans>Direct</Trans>}</dd>
        {lead.responseDueAt && lead.status === 'new' ? (
          <>
            <dt>
              <Trans>Answer due</Trans>
            </dt>
            <dd>{dayTime(i18n, lead.responseDueAt)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

export function SurveyCard({ lead }: Props) {
  const { i18n } = useLingui();
  const { survey } = lead;
  return (
    <section className={styles.card} aria-labelledby="lead-survey">
      <h2 id="lead-survey">
        <Trans>Survey Answers</Trans>
      </h2>
      {survey.isSurveyCompleted ? (
        <dl className={styles.facts}>
          <dt>
            <Trans>Questions</Trans>
          </dt>
          <dd className={styles.note}>{survey.questionsAny || '—'}</dd>
          <dt>
            <Trans>Deadline</Trans>
          </dt>
          <dd>{day(i18n, survey.deadLine)}</dd>
          <dt>
            <Trans>Preferred time</Trans>
          </dt>
          <dd>{survey.preferredTime || '—'}</dd>
          <dt>
            <Trans>May be named to the owner</Trans>
          </dt>
          <dd>{survey.beSeen ? <Trans>Yes</Trans> : <Trans>No</Trans>}</dd>
        </dl>
      ) : (
        <p className={styles.muted}>
          <Trans>The buyer has not answered the survey yet.</Trans>
        </p>
      )}
    </section>
  );
}

export function AgreementCard({ lead }: Props) {
  const { i18n } = useLingui();
  const a = lead.agreement;
  return (
    <section className={styles.card} aria-labelledby="lead-agreement">
      <h2 id="lead-agreement">
        <Trans>Agreement</Trans>
      </h2>
      {a ? (
        <dl className={styles.facts}>
          <dt>
            <Trans>Start</Trans>
          </dt>
          <dd>{day(i18n, a.start)}</dd>
          <dt>
            <Trans>End of the initial term</Trans>
          </dt>
          <dd>{day(i18n, a.termEnd)}</dd>
          <dt>
            <Trans>Holdover</Trans>
          </dt>
          <dd>
            {a.phase === 'holdover' ? (
              <Trans>Running, for as long as the buyer wants the service</Trans>
            ) : a.phase === 'term' ? (
              <Trans>From {day(i18n, a.termEnd)}, for as long as the buyer wants the service</Trans>
            ) : (
              <Trans>Ended</Trans>
            )}
          </dd>
          {a.serviceEnd ? (
            <>
              <dt>
                <Trans>Service ends</Trans>
              </dt>
              <dd>{day(i18n, a.serviceEnd)}</dd>
            </>
          ) : null}
          {a.stopRequestedAt ? (
            <>
              <dt>
                <Trans>Buyer asked to stop</Trans>
              </dt>
              <dd>{day(i18n, a.stopRequestedAt)}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Commission tail</Trans>
          </dt>
          <dd>
            {a.tailEnd ? (
              <Trans>Until {day(i18n, a.tailEnd)}</Trans>
            ) : (
              <Trans>Starts with the first step on the buyer's behalf</Trans>
            )}
          </dd>
        </dl>
      ) : (
        <p className={styles.muted}>
          <Trans>The agreement starts when the buyer pays.</Trans>
        </p>
      )}
    </section>
  );
}

/** The sale with its commission, or why the lead was closed. */
export function CloseCard({ lead }: Props) {
  const { i18n } = useLingui();
  if (lead.sale) {
    const s = lead.sale;
    return (
      <section className={styles.card} aria-labelledby="lead-sale">
        <h2 id="lead-sale">
          <Trans>Sale</Trans>
        </h2>
        <dl className={styles.facts}>
          <dt>
            <Trans>Sold on</Trans>
          </dt>
          <dd>{day(i18n, s.soldDate)}</dd>
          <dt>
            <Trans>Price</Trans>
          </dt>
          <dd>{money(i18n, s.price)}</dd>
          <dt>
            <Trans>Commission</Trans>
          </dt>
          <dd data-testid="sale-commission">
            {money(i18n, s.commission)}{' '}
            <span className={styles.muted}>
              {s.commissionRule === 'minimum' ? (
                <Trans>(the minimum)</Trans>
              ) : (
                <Trans>({s.commissionPercent}% of the price)</Trans>
              )}
            </span>
          </dd>
        </dl>
      </section>
    );
  }
  if (lead.closeReason && (lead.status === 'canceled' || lead.status === 'refunded')) {
    return (
      <section className={styles.card} aria-labelledby="lead-closed">
        <h2 id="lead-closed">{label(i18n, STATUS_LABELS, lead.status)}</h2>
        <p className={styles.note}>{lead.closeReason}</p>
      </section>
    );
  }
  return null;
}

export function ReassignCard({ lead }: Props) {
  const { t } = useLingui();
  const id = useId();
  const brokers = useQuery({
    queryKey: ['workspace', 'brokers'],
    queryFn: listBrokers,
    staleTime: 5 * 60_000,
  });
  const [chosen, setChosen] = useState('');
  const write = useLeadWrite(lead.UID, (consultantUID: string) => assignLead(lead.UID, { consultantUID }), {
    returnsLead: true,
    fallback: msg`Lead reassigned`,
    onDone: () => setChosen(''),
  });
  const options = (brokers.data ?? []).filter((b) => b.UID !== lead.consultant?.UID);
  return (
    <section className={styles.card} aria-labelledby="lead-reassign">
      <h2 id="lead-reassign">
        <Trans>Reassign</Trans>
      </h2>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen) write.run(chosen);
        }}
      >
        <label htmlFor={id} className={styles.field}>
          <Trans>New broker</Trans>
        </label>
        <select id={id} className={styles.select} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{t`Choose a broker`}</option>
          {options.map((b) => (
            <option key={b.UID} value={b.UID}>
              {b.acceptingLeads ? b.name : t`${b.name} (not accepting leads)`}
            </option>
          ))}
        </select>
        {write.error ? (
          <p role="alert" className={styles.fieldError}>
            {write.error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={!chosen || write.pending}>
            <Trans>Reassign Lead</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

export function HistoryCard({ lead }: Props) {
  const { i18n } = useLingui();
  const rows = [...lead.statusHistory].reverse();
  return (
    <section className={styles.card} aria-labelledby="lead-history">
      <h2 id="lead-history">
        <Trans>Status History</Trans>
      </h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No Data Found!</Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {rows.map((h, i) => (
            <li key={i} className={styles.entry}>
              <span className={styles.entryHead}>
                <strong>{label(i18n, EVENT_LABELS, h.type)}</strong>
                {h.fromStatus || h.toStatus ? (
                  <span>
                    {h.fromStatus ? label(i18n, STATUS_LABELS, h.fromStatus) : '—'} →{' '}
                    {h.toStatus ? label(i18n, STATUS_LABELS, h.toStatus) : '—'}
                  </span>
                ) : null}
              </span>
              <span className={styles.muted}>
                {dayTime(i18n, h.createdAt)}
                {h.actor ? ` · ${h.actor}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
