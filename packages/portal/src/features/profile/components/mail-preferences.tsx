import type { UnsubscribeType } from '@domain-broker/shared/schemas/unsubscribe';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formStyles } from '#portal/components/form.tsx';
import layout from '#portal/components/layout.module.css';
import { useMailPreferences, useResubscribe } from '../api/mail-preferences.ts';
import styles from './profile.module.css';

const KIND = {
  buy: msg`Emails about buying domains`,
  sell: msg`Emails about selling domains`,
  newsletter: msg`The newsletter`,
  'appraisal-report': msg`The weekly appraisal report`,
} as const satisfies Record<UnsubscribeType, unknown>;

/** The mail the user unsubscribed from, each with 'Turn Back On' (decision A26). */
export function MailPreferences() {
  const { t, i18n } = useLingui();
  const list = useMailPreferences();
  const resubscribe = useResubscribe();
  const items = Array.isArray(list.data) ? list.data : [];
  return (
    <section className={layout.card} aria-labelledby="mail-preferences-title" data-testid="mail-preferences">
      <h2 id="mail-preferences-title" className={styles.sub}>
        <Trans>Email preferences</Trans>
      </h2>
      {items.length === 0 ? (
        <p>
          <Trans>You receive all our emails.</Trans>
        </p>
      ) : (
        <ul>
          {items.map((o) => (
            <li key={`${o.type}-${o.closeUID ?? ''}`}>
              {i18n._(KIND[o.type])}
              {o.closeUID ? ` (${t`one request`})` : ''}: <Trans>unsubscribed</Trans>{' '}
              <button
                type="button"
                className={formStyles.secondary}
                disabled={resubscribe.pending}
                onClick={() => resubscribe.run({ type: o.type, closeUID: o.closeUID })}
              >
                <Trans>Turn Back On</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
