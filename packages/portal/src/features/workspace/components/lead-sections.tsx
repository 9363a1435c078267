import type { BrokerLeadDetail } from '@domain-broker/shared/schemas/broker';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatPreferredTime } from '#portal/lib/preferred-time.ts';
import { assignLead, listBrokers } from '../api/broker.ts';
import {
  CONTACT_LABELS,
  day,
  dayTime,
  EVENT_LABELS,
  label,
  money,
  STAFF_LEAD_STATUS_LABELS,
} from '../messages.ts';
import { useLeadWrite } from '../use-write.ts';
import styles from '../workspace.module.css';
import { Card, Fact } from './card.tsx';

type Props = { lead: BrokerLeadDetail };

export function BuyerCard({ lead }: Props) {
  const { i18n } = useLingui();
  const { buyer } = lead;
  const contact = buyer.preferredContact ? label(i18n, CONTACT_LABELS, buyer.preferredContact) : null;
  return (
    <Card id="lead-buyer" title={<Trans>Buyer</Trans>}>
      <dl className={styles.facts}>
        <Fact label={<Trans>Name</Trans>}>{buyer.name || '—'}</Fact>
        <Fact label={<Trans>Email</Trans>}>
          <a href={`mailto:${buyer.email}`}>{buyer.email}</a>
        </Fact>
        <Fact label={<Trans>Phone</Trans>}>
          {buyer.phone ? <a href={`tel:${buyer.phone}`}>{buyer.phone}</a> : '—'}
        </Fact>
        <Fact label={<Trans>Preferred contact</Trans>}>
          {contact ?? <Trans>Not stated</Trans>}
          {buyer.preferText && buyer.preferredContact !== 'PhoneText' ? (
            <>
              {' '}
              <Trans>(text messages welcome)</Trans>
            </>
          ) : null}
        </Fact>
        <Fact label={<Trans>Language</Trans>}>{buyer.locale === 'zh' ? '中文' : 'English'}</Fact>
        <Fact label={<Trans>Budget</Trans>}>{lead.offerAmount ? money(i18n, lead.offerAmount) : '—'}</Fact>
        <Fact label={<Trans>Paid</Trans>}>{day(i18n, lead.paidAt)}</Fact>
        <Fact label={<Trans>Broker</Trans>}>{lead.consultant?.name ?? <Trans>Unassigned</Trans>}</Fact>
        <Fact label={<Trans>Channel</Trans>}>
          {lead.registrarUID ? <Trans>Registrar referral</Trans> : <Trans>Direct</Trans>}
        </Fact>
        {lead.responseDueAt && lead.status === 'new' ? (
          <Fact label={<Trans>Answer due</Trans>}>{dayTime(i18n, lead.responseDueAt)}</Fact>
        ) : null}
      </dl>
    </Card>
  );
}

export function SurveyCard({ lead }: Props) {
  const { i18n } = useLingui();
  const { survey } = lead;
  return (
    <Card id="lead-survey" title={<Trans>Survey Answers</Trans>}>
      {survey.isSurveyCompleted ? (
        <dl className={styles.facts}>
          <dt>
            <Trans>Questions</Trans>
          </dt>
          <dd className={styles.note}>{survey.questionsAny || '—'}</dd>
          <Fact label={<Trans>Deadline</Trans>}>{day(i18n, survey.deadLine)}</Fact>
          <Fact label={<Trans>Preferred time</Trans>}>
            {survey.preferredTime
              ? formatPreferredTime(i18n, survey.preferredTime, survey.preferredTimeZone)
              : '—'}
          </Fact>
          <Fact label={<Trans>May be named to the owner</Trans>}>
            {survey.beSeen ? <Trans>Yes</Trans> : <Trans>No</Trans>}
          </Fact>
        </dl>
      ) : (
        <p className={styles.muted}>
          <Trans>The buyer has not answered the survey yet.</Trans>
        </p>
      )}
    </Card>
  );
}

export function AgreementCard({ lead }: Props) {
  const { i18n } = useLingui();
  const a = lead.agreement;
  return (
    <Card id="lead-agreement" title={<Trans>Agreement</Trans>}>
      {a ? (
        <dl className={styles.facts}>
          <Fact label={<Trans>Start</Trans>}>{day(i18n, a.start)}</Fact>
          <Fact label={<Trans>End of the initial term</Trans>}>{day(i18n, a.termEnd)}</Fact>
          <Fact label={<Trans>Holdover</Trans>}>
            {a.phase === 'holdover' ? (
              <Trans>Running, for as long as the buyer wants the service</Trans>
            ) : a.phase === 'term' ? (
              <Trans>From {day(i18n, a.termEnd)}, for as long as the buyer wants the service</Trans>
            ) : (
              <Trans>Ended</Trans>
            )}
          </Fact>
          {a.serviceEnd ? <Fact label={<Trans>Service ends</Trans>}>{day(i18n, a.serviceEnd)}</Fact> : null}
          {a.stopRequestedAt ? (
            <Fact label={<Trans>Buyer asked to stop</Trans>}>{day(i18n, a.stopRequestedAt)}</Fact>
          ) : null}
          <Fact label={<Trans>Commission tail</Trans>}>
            {a.tailEnd ? (
              <Trans>Until {day(i18n, a.tailEnd)}</Trans>
            ) : (
              <Trans>Starts with the first step on the buyer's behalf</Trans>
            )}
          </Fact>
        </dl>
      ) : (
        <p className={styles.muted}>
          <Trans>The agreement starts when the buyer pays.</Trans>
        </p>
      )}
    </Card>
  );
}

/** The sale with its commission, or why the lead was closed. */
export function CloseCard({ lead }: Props) {
  const { i18n } = useLingui();
  if (lead.sale) {
    const s = lead.sale;
    return (
      <Card id="lead-sale" title={<Trans>Sale</Trans>}>
        <dl className={styles.facts}>
          <Fact label={<Trans>Sold on</Trans>}>{day(i18n, s.soldDate)}</Fact>
          <Fact label={<Trans>Price</Trans>}>{money(i18n, s.price)}</Fact>
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
      </Card>
    );
  }
  if (lead.closeReason && (lead.status === 'canceled' || lead.status === 'refunded')) {
    return (
      <Card id="lead-closed" title={label(i18n, STAFF_LEAD_STATUS_LABELS, lead.status)}>
        <p className={styles.note}>{lead.closeReason}</p>
      </Card>
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
    <Card id="lead-reassign" title={<Trans>Reassign</Trans>}>
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
    </Card>
  );
}

export function HistoryCard({ lead }: Props) {
  const { i18n } = useLingui();
  const rows = [...lead.statusHistory].reverse();
  return (
    <Card id="lead-history" title={<Trans>Status History</Trans>}>
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
                    {h.fromStatus ? label(i18n, STAFF_LEAD_STATUS_LABELS, h.fromStatus) : '—'} →{' '}
                    {h.toStatus ? label(i18n, STAFF_LEAD_STATUS_LABELS, h.toStatus) : '—'}
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
    </Card>
  );
}
