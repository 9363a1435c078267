import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  CheckboxField,
  EmailField,
  FieldFrame,
  FormError,
  formStyles,
  SubmitButton,
  TextField,
} from '#portal/components/form.tsx';
import { PhoneField } from '#portal/components/phone-field.tsx';
import { replaceLead } from '#portal/lib/leads.ts';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import { openLoginWindow } from '#portal/lib/open-login.ts';
import {
  browserTimeZone,
  preferredMoment,
  TIME_SLOT_LABELS,
  TIME_SLOTS,
  type TimeSlot,
} from '#portal/lib/preferred-time.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { screenExists } from '#portal/lib/screens.ts';
import { useSession } from '#portal/lib/session.ts';
import { type AgentLead, type SurveyPayload, useSaveSurvey } from '../api/agent.ts';
import styles from './after-purchase.module.css';
import {
  formatUsDate,
  parseIsoDate,
  parseUsDate,
  type SurveyOutput,
  type SurveyValues,
  surveySchema,
} from './survey-rules.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The form's starting values: what the lead already holds (a later visit edits the earlier answers). */
function initialValues(lead: AgentLead): SurveyValues {
  const time = lead.preferredTime ? new Date(lead.preferredTime) : null;
  const deadline = lead.deadLine ? new Date(lead.deadLine) : null;
  return {
    offerAmount: lead.offerAmount ?? '',
    deadLine: deadline && !Number.isNaN(deadline.getTime()) ? isoDay(deadline) : '',
    beSeen: lead.beSeen,
    questionsAny: lead.questionsAny ?? '',
    preferredContact: lead.preferredContact === 'Email' ? 'Email' : lead.preferredContact ? 'Phone' : '',
    phone: lead.phone ?? '',
    email: lead.email ?? '',
    preferText: lead.preferText || lead.preferredContact === 'PhoneText',
    preferredDate: time && !Number.isNaN(time.getTime()) ? formatUsDate(time) : '',
    preferredSlot:
      time && !Number.isNaN(time.getTime()) ? (time.getHours() < 12 ? 'Morning' : 'Afternoon') : '',
  };
}

/** What PATCH /leads/{id} receives: the answers, the contact details and the completion, in one call. */
export function surveyPayload(values: SurveyOutput, lead: AgentLead): SurveyPayload {
  const day = parseUsDate(values.preferredDate);
  const deadline = parseIsoDate(values.deadLine);
  const payload: SurveyPayload = {
    questionsAny: values.questionsAny,
    preferredContact: values.preferredContact as 'Phone' | 'Email',
    preferText: values.preferText,
    beSeen: values.beSeen,
    email: values.email,
    phone: values.phone,
    // the end of the chosen day, so a deadline of today is not already over
    deadLine: deadline
      ? new Date(deadline.getFullYear(), deadline.getMonth(), deadline.getDate(), 23, 59, 59).toISOString()
      : null,
    preferredTime: day ? preferredMoment(day, values.preferredSlot as TimeSlot).toISOString() : null,
    // the zone the slot's hour is in, so the broker reads Morning or Afternoon (decision A2)
    preferredTimeZone: day ? browserTimeZone() : null,
    isSurveyCompleted: true,
  };
  const budget = values.offerAmount.replace(/,/g, '');
  if (lead.status === 'pending' && budget !== '' && budget !== lead.offerAmount) payload.offerAmount = budget;
  return payload;
}

/**
 * The buyer's questions (docs/product.md "Survey"): one component for
 * /agent-details-questions and /survey (decision A28). Saved in one call (decision B7); the server's
 * message is the toast; then the dashboard, or the saved state while there is no dashboard screen.
 */
export function SurveyForm({ lead }: { lead: AgentLead }) {
  const [saved, setSaved] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  if (saved) {
    return (
      <section className={`${styles.card} ${styles.done}`} aria-labelledby="survey-title" data-survey-saved>
        <h2 id="survey-title" className={styles.heading}>
          <Trans>Your answers are saved</Trans>
        </h2>
        <p role="status">{saved}</p>
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() => {
            setSaved(null);
            setRound((n) => n + 1);
          }}
        >
          <Trans>Edit Answers</Trans>
        </button>
      </section>
    );
  }
  // a new form for each round, so it starts from the answers the server holds now
  return <QuestionsForm key={round} lead={lead} onSaved={setSaved} />;
}

function QuestionsForm({ lead, onSaved }: { lead: AgentLead; onSaved: (message: string) => void }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  // a second click while the first save is on its way sends nothing
  const sending = useRef(false);
  const save = useSaveSurvey();
  const schema = useMemo(
    () =>
      surveySchema({
        chooseContact: t`Please choose how your broker should contact you`,
        pastDate: t`The date cannot be in the past`,
        badDate: t`Please enter the date as MM/DD/YYYY`,
        chooseSlot: t`Please choose Morning or Afternoon`,
        budget: t`Please enter the budget as a number`,
        phoneRequired: t`Please Enter Phone number`,
        phoneShape: t`Please enter valid Phone number`,
        phoneInvalid: t`Invalid phone number`,
        emailInvalid: t`Please enter valid Email`,
      }),
    [t],
  );
  const form = useSchemaForm<SurveyValues, SurveyOutput>(schema, initialValues(lead));
  const { errors } = form.formState;

  const onValid = async (values: SurveyOutput) => {
    if (sending.current) return;
    if (!useSession.getState().token) {
      // saving needs a session (docs/product.md "Survey"); the sign-in window is raised with the message
      notifyError(t`Please Login to save the details`);
      openLoginWindow();
      return;
    }
    sending.current = true;
    const answer = await save.run(lead.UID, surveyPayload(values, lead));
    sending.current = false;
    // on a failure the API client has shown the server's message; the form stays as it was
    if (!answer) return;
    replaceLead(answer.lead);
    const text = answer.message ?? t`Domain details updated`;
    notifySuccess(text);
    if (screenExists('/dashboard')) navigate('/dashboard');
    else onSaved(text);
  };

  // the server keeps the offer of a paid lead (only an unpaid lead's offer may change)
  const budgetFixed = lead.status !== 'pending';
  const today = isoDay(new Date());
  return (
    <section className={styles.card} aria-labelledby="survey-title" data-survey>
      <h2 id="survey-title" className={styles.heading}>
        <Trans>Tell your broker what you need</Trans>
      </h2>
      <p>
        <Trans>All questions are optional; choose how your broker should contact you.</Trans>
      </p>
      <form className={styles.survey} noValidate onSubmit={form.handleSubmit(onValid)}>
        <TextField
          label={<Trans>Your budget for {lead.domainName} (USD)</Trans>}
          inputMode="decimal"
          optional
          readOnly={budgetFixed}
          hint={
            budgetFixed ? (
              <Trans>The budget is fixed once paid; tell your broker about a change in your questions.</Trans>
            ) : undefined
          }
          registration={form.register('offerAmount')}
          error={errors.offerAmount}
        />
        <TextField
          label={<Trans>By when do you need the domain?</Trans>}
          type="date"
          min={today}
          optional
          registration={form.register('deadLine')}
          error={errors.deadLine}
        />
        <CheckboxField
          label={<Trans>I have already contacted the owner of this domain</Trans>}
          registration={form.register('beSeen')}
        />
        <FieldFrame label={<Trans>Questions or comments</Trans>} optional error={errors.questionsAny}>
          {({ id, describedBy }) => (
            <textarea
              id={id}
              rows={4}
              maxLength={2000}
              className={formStyles.input}
              aria-invalid={errors.questionsAny ? true : undefined}
              aria-describedby={describedBy}
              {...form.register('questionsAny')}
            />
          )}
        </FieldFrame>
        <fieldset
          className={styles.slots}
          aria-describedby={errors.preferredContact ? 'survey-contact-error' : undefined}
        >
          <legend>
            <Trans>Preferred contact method</Trans>
          </legend>
          <label>
            <input type="radio" value="Phone" {...form.register('preferredContact')} />
            <Trans>Mobile/Phone</Trans>
          </label>
          <label>
            <input type="radio" value="Email" {...form.register('preferredContact')} />
            <Trans>Email</Trans>
          </label>
          <FormError id="survey-contact-error">{errors.preferredContact?.message}</FormError>
        </fieldset>
        <PhoneField
          label={<Trans>Phone number</Trans>}
          registration={form.register('phone')}
          error={errors.phone}
          hint={<Trans>Required when you choose Mobile/Phone.</Trans>}
        />
        <CheckboxField
          label={<Trans>I prefer text messages</Trans>}
          registration={form.register('preferText')}
        />
        <EmailField
          registration={form.register('email')}
          error={errors.email}
          hint={<Trans>Required when you choose Email.</Trans>}
        />
        <TextField
          label={<Trans>Preferred contact date (MM/DD/YYYY)</Trans>}
          placeholder="MM/DD/YYYY"
          inputMode="numeric"
          optional
          registration={form.register('preferredDate')}
          error={errors.preferredDate}
        />
        <fieldset
          className={styles.slots}
          aria-describedby={errors.preferredSlot ? 'survey-slot-error' : undefined}
        >
          <legend>
            <Trans>Preferred time</Trans>
          </legend>
          {(Object.keys(TIME_SLOTS) as TimeSlot[]).map((slot) => (
            <label key={slot}>
              <input type="radio" value={slot} {...form.register('preferredSlot')} />
              {i18n._(TIME_SLOT_LABELS[slot])}
            </label>
          ))}
          <FormError id="survey-slot-error">{errors.preferredSlot?.message}</FormError>
        </fieldset>
        <div className={formStyles.actions}>
          <SubmitButton busy={save.pending}>
            <Trans>Save Details</Trans>
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
