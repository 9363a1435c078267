import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@domain-broker/shared/schemas/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { formStyles } from '#portal/components/form.tsx';
import styles from './webhooks.module.css';

/**
 * The events an endpoint takes, as the server stores them: an empty list means every event (also the
 * ones added later), so "all ticked" is sent as []. At least one must be ticked.
 */
export const ALL_EVENTS: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES;

/** The ticked boxes of an endpoint's `eventTypes` (empty: all). */
export const tickedOf = (eventTypes: readonly WebhookEventType[]): WebhookEventType[] =>
  eventTypes.length ? WEBHOOK_EVENT_TYPES.filter((e) => eventTypes.includes(e)) : [...ALL_EVENTS];

/** What to send for the ticked boxes: [] when every event is ticked. */
export const eventTypesToSend = (ticked: readonly WebhookEventType[]): WebhookEventType[] =>
  ticked.length === ALL_EVENTS.length ? [] : WEBHOOK_EVENT_TYPES.filter((e) => ticked.includes(e));

/** A short, translated description of each event (the code is shown next to it). */
export function useEventLabel(): (type: WebhookEventType) => string {
  const { t } = useLingui();
  return (type) => {
    switch (type) {
      case 'lead.created':
        return t`Lead created`;
      case 'lead.paid':
        return t`Initial fee paid`;
      case 'lead.owner_contacted':
        return t`Domain owner contacted`;
      case 'lead.offer':
        return t`Offer made to the owner`;
      case 'lead.sold':
        return t`Domain sold`;
      case 'lead.refunded':
        return t`Initial fee refunded`;
      case 'lead.canceled':
        return t`Lead canceled`;
    }
  };
}

/** One checkbox per event, all ticked by default. */
/**
 * A form's ticked events and its error about them (none ticked, or the server's answer), the error
 * going away once an event is ticked; `picker` is what EventTypePicker takes.
 */
export function useTickedEvents(initial: () => WebhookEventType[]) {
  const [ticked, setTicked] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const onChange = (next: WebhookEventType[]) => {
    setTicked(next);
    if (next.length) setError(null);
  };
  return { ticked, setTicked, error, setError, picker: { value: ticked, onChange, error } };
}

export function EventTypePicker({
  value,
  onChange,
  error,
}: {
  value: readonly WebhookEventType[];
  onChange: (ticked: WebhookEventType[]) => void;
  error?: string | null;
}) {
  const id = useId();
  const label = useEventLabel();
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((e) => (e === type ? on : value.includes(e))));
  return (
    <fieldset
      className={`${formStyles.fieldset} ${styles.events}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        <Trans>Events</Trans>
      </legend>
      <div className={styles.eventList}>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className={formStyles.check}>
            <input
              type="checkbox"
              checked={value.includes(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            <span>
              {label(type)} <code className={styles.code}>{type}</code>
            </span>
          </label>
        ))}
      </div>
      <div className={styles.buttons}>
        <button type="button" className={formStyles.linkButton} onClick={() => onChange([...ALL_EVENTS])}>
          <Trans>Select All</Trans>
        </button>
      </div>
      {error ? (
        <span id={`${id}-error`} className={formStyles.error} role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
