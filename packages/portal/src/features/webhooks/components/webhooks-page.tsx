import { effectiveRoles } from '@domain-broker/shared/roles';
import {
  CreateWebhookEndpointBody,
  WEBHOOK_URL_MESSAGE,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@domain-broker/shared/schemas/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { ConfirmDialog } from '#portal/components/confirm-dialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { tableStatus, wholeList } from '#portal/components/data-table/query.ts';
import { formStyles, SubmitButton, TextField } from '#portal/components/form.tsx';
import { notifyError, notifySuccess } from '#portal/lib/notify.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSession } from '#portal/lib/session.ts';
import { useAddEndpoint } from '../api/add-endpoint.ts';
import { useEndpointAction } from '../api/endpoint-action.ts';
import { useRedeliver } from '../api/redeliver.ts';
import { useSaveEventTypes } from '../api/save-event-types.ts';
import { deliveriesKey, ENDPOINTS_KEY, listDeliveries, listEndpoints } from '../api/webhooks.ts';
import { webhookErrorText } from '../utils/messages.ts';
import {
  ALL_EVENTS,
  EventTypePicker,
  eventTypesToSend,
  tickedOf,
  useEventLabel,
  useTickedEvents,
} from './event-types.tsx';
import styles from './webhooks.module.css';

const col = dataTableColumns<WebhookDelivery>();

/**
 * /dashboard/webhooks for a registrar (docs/webhooks.md): their https endpoints for
 * signed lead events, each with its signing secret (shown once, on creation and on rotation), enable /
 * disable, delete, a test event and the delivery log with Redeliver.
 */
function WebhooksPage() {
  const { t } = useLingui();
  const roles = effectiveRoles(useSession((s) => s.profile)?.roles);
  if (!roles.includes('Registrar'))
    return (
      <main className={styles.page}>
        <h1>
          <Trans>Webhooks</Trans>
        </h1>
        <p>{t`Webhooks are for registrar partners.`}</p>
      </main>
    );
  return <RegistrarWebhooks />;
}

function RegistrarWebhooks() {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const form = useSchemaForm<{ url: string }>(CreateWebhookEndpointBody, { url: '' });
  // the payload's schema checks the URL (its other messages are the form kit's); the events are ticked apart
  const urlError = form.formState.errors.url;
  const events = useTickedEvents(() => [...ALL_EVENTS]);
  const [editing, setEditing] = useState<string | null>(null);
  const eventLabel = useEventLabel();
  const [secret, setSecret] = useState<{ endpoint: string; value: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const endpoints = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: listEndpoints, staleTime: 0 });
  // the list after an endpoint's events are saved
  const refresh = () => void client.invalidateQueries({ queryKey: ENDPOINTS_KEY });

  const add = useAddEndpoint({
    onDone: (created) => {
      form.reset();
      events.setTicked([...ALL_EVENTS]);
      setSecret({ endpoint: created.url, value: created.secret });
      setSelected(created.id);
    },
    onFailure: (error) => form.setError('url', { message: webhookErrorText(error) }),
  });
  const act = useEndpointAction((result, { endpoint }) => {
    if (result.kind === 'rotate') setSecret({ endpoint: result.rotated.url, value: result.rotated.secret });
    if (result.kind === 'test') setSelected(endpoint.id);
    if (result.kind === 'delete') {
      setSelected((current) => (current === endpoint.id ? null : current));
      setDeleting(null);
    }
  });

  const submit = (e: FormEvent) => {
    const noEvents = events.ticked.length === 0 ? t`Choose at least one event.` : null;
    events.setError(noEvents);
    return form.handleSubmit(({ url }) => {
      if (!noEvents) add.run({ url, eventTypes: eventTypesToSend(events.ticked) });
    })(e);
  };
  const busyWith = (kind: string, id: string) =>
    act.pending && act.input?.kind === kind && act.input.endpoint.id === id;

  return (
    <main className={styles.page}>
      <header>
        <h1>
          <Trans>Webhooks</Trans>
        </h1>
        <p className={styles.muted}>
          <Trans>
            We send a signed message to your endpoint when a lead you referred is created, paid, worked on,
            sold, refunded or canceled. Verify each message with its signing secret and a Standard Webhooks
            library.
          </Trans>
        </p>
      </header>

      <form className={styles.add} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={<Trans>Endpoint URL</Trans>}
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/domain-broker"
          frameClassName={styles.field}
          registration={form.register('url')}
          error={
            urlError && {
              message:
                urlError.message === WEBHOOK_URL_MESSAGE
                  ? t`Please enter a valid https URL.`
                  : urlError.message,
            }
          }
        />
        <EventTypePicker {...events.picker} />
        <SubmitButton busy={add.pending}>
          <Trans>Add Endpoint</Trans>
        </SubmitButton>
      </form>

      {secret ? (
        <SecretPanel url={secret.endpoint} secret={secret.value} onDone={() => setSecret(null)} />
      ) : null}

      <section aria-labelledby="webhook-endpoints">
        <h2 id="webhook-endpoints">
          <Trans>Endpoints</Trans>
        </h2>
        {endpoints.isPending ? (
          <p role="status">
            <Trans>Loading…</Trans>
          </p>
        ) : endpoints.isError ? (
          <div role="alert">
            <p>{webhookErrorText(endpoints.error)}</p>
            <button type="button" className={formStyles.secondary} onClick={() => void endpoints.refetch()}>
              <Trans>Try Again</Trans>
            </button>
          </div>
        ) : endpoints.data.length === 0 ? (
          <p className={styles.muted}>
            <Trans>No endpoint yet: add the https URL that should receive your lead events.</Trans>
          </p>
        ) : (
          <ul className={styles.list}>
            {endpoints.data.map((e) => (
              <li key={e.id} className={styles.endpoint} data-testid="webhook-endpoint">
                <span className={styles.url}>{e.url}</span>
                <span className={styles.muted}>
                  {e.enabled ? t`Enabled` : t`Disabled`}
                  {e.previousSecretExpiresAt
                    ? ` · ${t`Previous secret valid until ${new Date(e.previousSecretExpiresAt).toLocaleString()}`}`
                    : ''}
                </span>
                <span className={styles.muted} data-testid="webhook-events">
                  {e.eventTypes.length
                    ? t`Events: ${new Intl.ListFormat(i18n.locale).format(e.eventTypes.map(eventLabel))}`
                    : t`Events: all`}
                </span>
                {editing === e.id ? (
                  <EditEvents
                    endpoint={e}
                    onDone={() => {
                      setEditing(null);
                      refresh();
                    }}
                  />
                ) : null}
                <div className={styles.buttons}>
                  <button
                    type="button"
                    className={formStyles.primary}
                    disabled={act.pending}
                    aria-busy={busyWith('test', e.id)}
                    onClick={() => act.run({ kind: 'test', endpoint: e })}
                  >
                    <Trans>Send Test Event</Trans>
                  </button>
                  <button type="button" className={formStyles.secondary} onClick={() => setSelected(e.id)}>
                    <Trans>View Deliveries</Trans>
                  </button>
                  <button
                    type="button"
                    className={formStyles.secondary}
                    aria-expanded={editing === e.id}
                    onClick={() => setEditing(editing === e.id ? null : e.id)}
                  >
                    <Trans>Edit Events</Trans>
                  </button>
                  <button
                    type="button"
                    className={formStyles.secondary}
                    disabled={act.pending}
                    onClick={() => act.run({ kind: e.enabled ? 'disable' : 'enable', endpoint: e })}
                  >
                    {e.enabled ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
                  </button>
                  <button
                    type="button"
                    className={formStyles.secondary}
                    disabled={act.pending}
                    aria-busy={busyWith('rotate', e.id)}
                    onClick={() => act.run({ kind: 'rotate', endpoint: e })}
                  >
                    <Trans>Rotate Secret</Trans>
                  </button>
                  <button type="button" className={formStyles.danger} onClick={() => setDeleting(e)}>
                    <Trans>Delete</Trans>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {selected && endpoints.data?.some((e) => e.id === selected) ? (
        <Deliveries endpointId={selected} />
      ) : null}

      {deleting ? (
        <ConfirmDialog
          title={t`Delete this endpoint?`}
          confirmLabel={<Trans>Delete Endpoint</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          busy={busyWith('delete', deleting.id)}
          onConfirm={() => act.run({ kind: 'delete', endpoint: deleting })}
          onClose={() => setDeleting(null)}
        >
          <p>
            <Trans>
              {deleting.url} will receive no more events, and its delivery log is deleted. This cannot be
              undone.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}

/** The events an endpoint takes, edited in place: Save Events or Cancel. */
function EditEvents({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const { t } = useLingui();
  const { ticked, setError, picker } = useTickedEvents(() => tickedOf(endpoint.eventTypes));
  const save = useSaveEventTypes(endpoint.id, {
    onDone,
    onFailure: (e) => setError(webhookErrorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ticked.length) {
      setError(t`Choose at least one event.`);
      return;
    }
    save.run(eventTypesToSend(ticked));
  };
  return (
    <form className={styles.editEvents} onSubmit={submit} noValidate>
      <EventTypePicker {...picker} />
      <div className={styles.buttons}>
        <SubmitButton busy={save.pending}>
          <Trans>Save Events</Trans>
        </SubmitButton>
        <button type="button" className={formStyles.secondary} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

/** The secret, shown once (after adding an endpoint or rotating its secret), with a Copy button. */
function SecretPanel({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notifySuccess(t`Secret copied`);
    } catch {
      notifyError(t`Copying failed: please select the secret and copy it.`);
    }
  };
  return (
    <section className={styles.secret} aria-labelledby="webhook-secret">
      <h2 id="webhook-secret">
        <Trans>Signing Secret</Trans>
      </h2>
      <p>
        <Trans>
          The signing secret of {url}. It is shown only now: copy it and keep it safe. Every message we send
          is signed with it.
        </Trans>
      </p>
      <code data-testid="webhook-secret">{secret}</code>
      <div className={styles.buttons}>
        <button type="button" className={formStyles.primary} onClick={() => void copy()}>
          <Trans>Copy Secret</Trans>
        </button>
        <button type="button" className={formStyles.secondary} onClick={onDone}>
          <Trans>Done</Trans>
        </button>
      </div>
    </section>
  );
}

/** The endpoint's delivery log: event, status, attempts, last status code, time, and Redeliver. */
function Deliveries({ endpointId }: { endpointId: string }) {
  const { t, i18n } = useLingui();
  const deliveries = useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: () => listDeliveries(endpointId),
    staleTime: 0,
  });
  const again = useRedeliver(endpointId);
  const statusText = (s: WebhookDelivery['status']) =>
    s === 'delivered' ? t`Delivered` : s === 'failed' ? t`Failed` : t`Pending`;
  const columns = useMemo<DataTableColumn<WebhookDelivery>[]>(
    () => [
      col.field('eventType', () => t`Event`),
      col.field('status', () => t`Status`, { cell: (value) => statusText(value) }),
      col.field('attempts', () => t`Attempts`),
      col.field('lastStatusCode', () => t`Last Status Code`, {
        cell: (value, row) => value ?? row.lastError ?? '—',
      }),
      col.accessor((d) => d.lastAttemptAt ?? d.createdAt, {
        id: 'time',
        header: () => t`Time`,
        cell: (c) => new Date(c.getValue()).toLocaleString(i18n.locale),
      }),
      col.display({
        id: 'redeliver',
        header: () => t`Action`,
        cell: (c) => (
          <button
            type="button"
            className={formStyles.secondary}
            disabled={again.pending}
            aria-busy={again.pending && again.input === c.row.original.id}
            onClick={() => again.run(c.row.original.id)}
          >
            <Trans>Redeliver</Trans>
          </button>
        ),
      }),
    ],
    [t, i18n.locale, again.pending, again.input],
  );
  return (
    <section aria-labelledby="webhook-deliveries">
      <div className={styles.logHeader}>
        <h2 id="webhook-deliveries">
          <Trans>Delivery Log</Trans>
        </h2>
        <button type="button" className={formStyles.secondary} onClick={() => void deliveries.refetch()}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      <DataTable
        caption={t`Delivery log`}
        columns={columns}
        {...wholeList(deliveries.data, 10)}
        rowId={(d) => d.id}
        {...tableStatus(deliveries, webhookErrorText)}
        emptyText={t`No message sent to this endpoint yet.`}
      />
    </section>
  );
}

export default withQueryClient(WebhooksPage);
