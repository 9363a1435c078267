import type { UnsubscribeType } from '@domain-broker/shared/schemas/unsubscribe';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formStyles, TextAreaField } from '#portal/components/form.tsx';
import layout from '#portal/components/layout.module.css';
import { ApiError } from '#portal/lib/api.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import { SESSION_KEYS } from '#portal/lib/storage.ts';
import { useUnsubscribeEmail } from '../api/unsubscribe-email.ts';
import styles from './unsubscribe.module.css';

/**
 * The link's parameters, kept for this tab once they leave the address bar
 * (docs/product.md "Browser storage").
 */
const KEY = SESSION_KEYS.unsubscribe;
export interface UnsubscribeParams {
  email: string;
  closeUID: string;
  type: UnsubscribeType;
  token: string;
}
const TYPES: readonly string[] = ['buy', 'sell', 'newsletter', 'appraisal-report'];

/** From the query string (then stored), else from this tab's storage. */
export function readParams(search: string): UnsubscribeParams | null {
  const q = new URLSearchParams(search);
  if (q.has('email') || q.has('token')) {
    const type = q.get('type') ?? 'buy';
    const params = {
      email: q.get('email') ?? '',
      closeUID: q.get('closeUID') ?? '',
      type: (TYPES.includes(type) ? type : 'buy') as UnsubscribeType,
      token: q.get('token') ?? '',
    };
    sessionStorage.setItem(KEY, JSON.stringify(params));
    return params;
  }
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as UnsubscribeParams | null;
  } catch {
    return null;
  }
}

const KIND = {
  buy: msg`emails about buying domains`,
  sell: msg`emails about selling domains`,
  newsletter: msg`the newsletter`,
  'appraisal-report': msg`the weekly appraisal report`,
} as const;
const kindText = (type: UnsubscribeType, i18n: I18n) => i18n._(KIND[type]);
// the reason's part of the payload's schema (packages/shared/src/schemas/unsubscribe.ts); the link's
// parameters are checked by the server, which answers a refused link with the page's message
const reasonSchema = () =>
  Promise.all([import('valibot'), import('@domain-broker/shared/schemas/unsubscribe')]).then(([v, m]) =>
    v.pick(m.UnsubscribeBody, ['message']),
  );

/** /unsubscribe (docs/product.md "Unsubscribe"): message box, Unsubscribe / Cancel; no email goes to /. */
export function UnsubscribePage() {
  const { t, i18n } = useLingui();
  const [params] = useState(() => readParams(typeof location === 'undefined' ? '' : location.search));
  const form = useSchemaForm<{ message: string }, { message?: string | undefined }>(reasonSchema, {
    message: '',
  });
  const finish = () => {
    sessionStorage.removeItem(KEY);
    navigate('/');
  };
  const unsubscribe = useUnsubscribeEmail(finish);

  useEffect(() => {
    if (!params?.email) {
      navigate('/', { replace: true });
      return;
    }
    // the parameters leave the address bar (docs/product.md "Unsubscribe")
    if (location.search) history.replaceState(history.state, '', location.pathname);
  }, [params]);

  if (!params?.email) return null;

  const onSubmit = form.handleSubmit(({ message }) => {
    unsubscribe.run({
      email: params.email,
      type: params.type,
      token: params.token,
      ...(params.closeUID ? { closeUID: params.closeUID } : {}),
      ...(message ? { message } : {}),
    });
  });
  const failure = unsubscribe.failure;
  const error = !failure
    ? null
    : failure instanceof ApiError && failure.status === 400
      ? t`This unsubscribe link is not valid or was already used. Please use the link in a recent email.`
      : t`Something went wrong`;

  const kind = kindText(params.type, i18n);
  return (
    <main className={styles.page}>
      <form
        className={`${layout.card} ${layout.stack} ${styles.card}`}
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-labelledby="unsubscribe-title"
      >
        <h1 id="unsubscribe-title" className={layout.heading}>
          <Trans>Unsubscribe</Trans>
        </h1>
        <p>
          {params.closeUID ? (
            <Trans>
              Stop sending {kind} about this request to <strong>{params.email}</strong>?
            </Trans>
          ) : (
            <Trans>
              Stop sending {kind} to <strong>{params.email}</strong>?
            </Trans>
          )}
        </p>
        <TextAreaField
          label={t`Tell us why`}
          optional
          rows={3}
          maxLength={2000}
          className={styles.textarea}
          registration={form.register('message')}
          error={form.formState.errors.message}
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={formStyles.actions}>
          <button
            type="submit"
            className={formStyles.primary}
            disabled={unsubscribe.pending}
            aria-busy={unsubscribe.pending}
          >
            <Trans>Unsubscribe</Trans>
          </button>
          <button type="button" className={formStyles.secondary} onClick={finish}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </main>
  );
}

export default withQueryClient(UnsubscribePage);
