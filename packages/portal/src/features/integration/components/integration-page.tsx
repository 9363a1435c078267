import { effectiveRoles } from '@domain-broker/shared/roles';
import { AddOriginBody, type RegistrarOrigins } from '@domain-broker/shared/schemas/registrar-origins';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Spinner } from '#portal/app/page-state.tsx';
import { ConfirmDialog } from '#portal/components/confirm-dialog.tsx';
import { formStyles, TextField } from '#portal/components/form.tsx';
import { Panel } from '#portal/components/panel.tsx';
import { ApiError } from '#portal/lib/api.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { useSession } from '#portal/lib/session.ts';
import { useAddOrigin } from '../api/add-origin.ts';
import { getOrigins, ORIGINS_KEY } from '../api/get-origins.ts';
import { useRemoveOrigin } from '../api/remove-origin.ts';
import { failureText, originText } from '../utils/messages.ts';
import { SNIPPET_KINDS, type SnippetKind, snippet } from '../utils/snippets.ts';
import styles from './integration.module.css';
import { WidgetPreview } from './widget-preview.tsx';

const SNIPPET_TITLES: Record<SnippetKind, MessageDescriptor> = {
  script: msg`Script tag`,
  queue: msg`Queue snippet (JavaScript)`,
  npm: msg`npm package`,
  react: msg`React`,
};

/**
 * /dashboard/integration (docs/registrar-integration.md): everything a registrar needs to embed the widget: their
 * id, the embed code in its four forms with their id filled in, a live preview of both modes, and the
 * origins the widget may be embedded on, which they add and remove themselves.
 */
function IntegrationPage() {
  const roles = effectiveRoles(useSession((s) => s.profile)?.roles);
  if (!roles.includes('Registrar')) {
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>
          <Trans>Widget Integration</Trans>
        </h1>
        <p role="alert">
          <Trans>This page is for registrar accounts.</Trans>
        </p>
      </section>
    );
  }
  return <RegistrarIntegration />;
}

function RegistrarIntegration() {
  const { i18n } = useLingui();
  const origins = useQuery({ queryKey: ORIGINS_KEY, queryFn: getOrigins, staleTime: 0 });

  return (
    <section className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Widget Integration</Trans>
      </h1>
      {origins.isPending && <Spinner />}
      {origins.isError && (
        <div className={styles.panel} role="alert">
          <p>{failureText(i18n, origins.error)}</p>
          {!(origins.error instanceof ApiError && [403, 404].includes(origins.error.status)) && (
            <button type="button" className={formStyles.secondary} onClick={() => void origins.refetch()}>
              <Trans>Try Again</Trans>
            </button>
          )}
        </div>
      )}
      {origins.data && <Loaded data={origins.data} />}
    </section>
  );
}

/** One of the page's panels, titled by its h2. */
function Section(props: { id: string; title: ReactNode; children: ReactNode }) {
  return <Panel {...props} className={styles.panel} headingClassName={styles.heading} />;
}

function Loaded({ data }: { data: RegistrarOrigins }) {
  const portal = window.location.origin;
  const id = data.registrarUID;
  return (
    <>
      <Section id="integration-id" title={<Trans>Your Registrar ID</Trans>}>
        <div className={styles.idRow}>
          <code className={styles.id}>{id}</code>
          <CopyButton text={id} label={msg`Copy`} what={msg`Copy your registrar ID`} />
        </div>
      </Section>

      <OriginsEditor data={data} />

      <Section id="integration-code" title={<Trans>Embed Code</Trans>}>
        <p className={styles.muted}>
          <Trans>
            Paste one of these where the offer should appear, typically under "this domain is taken", and put
            the name your customer searched for in place of wanted-domain.com.
          </Trans>
        </p>
        {SNIPPET_KINDS.map((kind) => (
          <Snippet key={kind} kind={kind} text={snippet(kind, portal, id)} />
        ))}
      </Section>

      <Section id="integration-preview" title={<Trans>Live Preview</Trans>}>
        <p className={styles.muted}>
          <Trans>The real widget as your customers see it. A preview here is not counted as a click.</Trans>
        </p>
        <div className={styles.previews}>
          <div>
            <h3 className={styles.subheading}>
              <Trans>Message Mode</Trans>
            </h3>
            <WidgetPreview registrarId={id} mode="message" />
          </div>
          <div>
            <h3 className={styles.subheading}>
              <Trans>Search Mode</Trans>
            </h3>
            <WidgetPreview registrarId={id} mode="search" />
          </div>
        </div>
      </Section>
    </>
  );
}

function Snippet({ kind, text }: { kind: SnippetKind; text: string }) {
  const { i18n } = useLingui();
  const title = i18n._(SNIPPET_TITLES[kind]);
  return (
    <div className={styles.snippet}>
      <div className={styles.snippetHead}>
        <h3 className={styles.subheading}>{title}</h3>
        <CopyButton text={text} label={msg`Copy`} what={msg`Copy the ${title} code`} />
      </div>
      <pre className={styles.code} data-snippet={kind}>
        <code>{text}</code>
      </pre>
    </div>
  );
}

/** Copies `text`; says "Copied" (or that it could not) in a live region next to the button. */
function CopyButton({
  text,
  label,
  what,
}: {
  text: string;
  label: MessageDescriptor;
  what: MessageDescriptor;
}) {
  const { i18n } = useLingui();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className={styles.copy}>
      <button
        type="button"
        className={formStyles.secondary}
        aria-label={i18n._(what)}
        onClick={() => void copy()}
      >
        {i18n._(label)}
      </button>
      <span role="status" className={styles.muted}>
        {state === 'copied' && <Trans>Copied</Trans>}
        {state === 'failed' && <Trans>Could not copy: please select the text and copy it.</Trans>}
      </span>
    </span>
  );
}

function OriginsEditor({ data }: { data: RegistrarOrigins }) {
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const form = useSchemaForm(AddOriginBody, { origin: '' });
  const [removing, setRemoving] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const full = data.origins.length >= data.maxOrigins;
  const add = useAddOrigin({
    onDone: () => form.reset({ origin: '' }),
    onFailure: (error) => {
      const text = failureText(i18n, error);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
        form.setError('origin', { message: text }, { focus: true });
      else setProblem(text);
    },
  });
  const remove = useRemoveOrigin({
    onFailure: (error) => {
      setProblem(failureText(i18n, error));
      void client.invalidateQueries({ queryKey: ORIGINS_KEY });
    },
  });
  const adding = add.pending;
  const busy = remove.pending;

  const onAdd = form.handleSubmit(async ({ origin }) => {
    setProblem('');
    await add.runAsync(origin);
  });

  const onRemove = async () => {
    if (!removing) return;
    setProblem('');
    await remove.runAsync(removing);
    setRemoving(null);
  };

  const error = form.formState.errors.origin;
  return (
    <Section id="integration-origins" title={<Trans>Allowed Origins</Trans>}>
      <p className={styles.muted}>
        <Trans>
          The widget appears only on pages whose origin (scheme, host and port) is listed here. Changes count
          at once. Add each site separately: https://example.com does not cover https://www.example.com.
        </Trans>
      </p>
      {data.origins.length === 0 ? (
        <p className={styles.empty}>
          <Trans>No origins yet: the widget appears nowhere until you add one.</Trans>
        </p>
      ) : (
        <ul className={styles.origins} aria-label={t`Allowed origins`}>
          {data.origins.map((origin) => (
            <li key={origin} className={styles.origin}>
              <code>{origin}</code>
              <button
                type="button"
                className={formStyles.danger}
                aria-label={t`Remove ${origin}`}
                onClick={() => setRemoving(origin)}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>
        <Trans>
          {data.origins.length} of {data.maxOrigins} origins
        </Trans>
      </p>
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <form className={styles.addForm} onSubmit={onAdd} noValidate>
        <TextField
          label={t`Origin`}
          placeholder="https://www.example.com"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          registration={form.register('origin')}
          error={error ? { message: originText(i18n, error.message) } : undefined}
          hint={full ? t`You have the most origins allowed: remove one to add another.` : undefined}
          disabled={full}
        />
        <button type="submit" className={formStyles.primary} disabled={adding || full} aria-busy={adding}>
          <Trans>Add Origin</Trans>
        </button>
      </form>
      {removing && (
        <ConfirmDialog
          title={t`Remove Origin?`}
          confirmLabel={<Trans>Remove</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          busy={busy}
          onConfirm={() => void onRemove()}
          onClose={() => setRemoving(null)}
        >
          <p>
            <Trans>The widget stops appearing on {removing} at once.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </Section>
  );
}

export default withQueryClient(IntegrationPage);
