import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { formStyles } from '#portal/components/form.tsx';
import layout from '#portal/components/layout.module.css';
import { openOverlay } from '#portal/lib/overlays.ts';
import { type AgentLead, getConsultantBadges, useAgreeBrokerTerms } from '../api/agent.ts';
import styles from './after-purchase.module.css';

/** The broker's tiers, asked once per broker; a failure just shows none. */
function useBadges(consultantUID: string | null): string[] {
  const [badges, setBadges] = useState<string[]>([]);
  useEffect(() => {
    if (!consultantUID) return;
    let live = true;
    getConsultantBadges(consultantUID)
      .then((found) => {
        if (live) setBadges(found.map((b) => b.badgeName).filter(Boolean));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [consultantUID]);
  return badges;
}

/** Whether the server has recorded the buyer's agreement to the broker service terms (decision A16). */
export function hasAgreedBrokerTerms(lead: AgentLead): boolean {
  return Boolean(lead.brokerTermsAgreedAt);
}

/**
 * The assigned broker: name, photo and badges; the email and phone once the buyer agrees to the broker
 * service terms. Before that the server sends neither (decision B5), so the card says how to see them
 * rather than drawing blurred placeholders.
 */
export function AgentCard({ lead }: { lead: AgentLead }) {
  const { t } = useLingui();
  const broker = lead.consultant;
  const badges = useBadges(broker?.UID ?? lead.consultantUID ?? null);
  const agreement = useAgreeBrokerTerms();
  const busy = agreement.pending;
  const checkId = useId();
  const agreed = hasAgreedBrokerTerms(lead);

  // on failure the API client has shown the server's message and the box is unticked again
  const agree = () => {
    if (!busy) void agreement.run(lead.UID);
  };

  return (
    <section className={styles.card} aria-labelledby="broker-title" data-agent-card>
      <h2 id="broker-title" className={styles.heading}>
        <Trans>Your broker</Trans>
      </h2>
      {broker ? (
        <>
          <div className={layout.person}>
            <span className={`${layout.portrait} ${styles.photo}`} aria-hidden="true">
              {broker.image ? <img src={broker.image} alt="" /> : broker.name.slice(0, 1).toUpperCase()}
            </span>
            <div>
              <p className={styles.brokerName} data-broker-name>
                {broker.name}
              </p>
              {badges.length > 0 && (
                <ul className={styles.badges} aria-label={t`Badges`}>
                  {badges.map((badge) => (
                    <li key={badge} className={styles.badge}>
                      {badge}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
          <div className={styles.contact} aria-live="polite">
            {agreed ? (
              <dl className={styles.facts} data-broker-contact>
                {broker.email && (
                  <div>
                    <dt>
                      <Trans>Email</Trans>
                    </dt>
                    <dd>
                      <a href={`mailto:${broker.email}`}>{broker.email}</a>
                    </dd>
                  </div>
                )}
                {broker.phone && (
                  <div>
                    <dt>
                      <Trans>Phone</Trans>
                    </dt>
                    <dd>
                      <a href={`tel:${broker.phone.replace(/[^\d+]/g, '')}`}>{broker.phone}</a>
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <>
                <p data-contact-hidden>
                  <Trans>Agree to the broker service terms to see your broker's contact details.</Trans>
                </p>
                <div className={formStyles.check}>
                  <input
                    id={checkId}
                    type="checkbox"
                    checked={busy}
                    disabled={busy}
                    aria-busy={busy}
                    onChange={agree}
                  />
                  <label htmlFor={checkId}>
                    <Trans>I agree to the broker service terms</Trans>
                  </label>
                </div>
                <button
                  type="button"
                  className={formStyles.linkButton}
                  onClick={() => openOverlay('buyerTerms')}
                >
                  <Trans>Read the Terms and Conditions</Trans>
                </button>
                {busy && (
                  <p role="status">
                    <Trans>Saving…</Trans>
                  </p>
                )}
              </>
            )}
          </div>
        </>
      ) : (
        <p>
          <Trans>We are choosing your broker; you will receive an email introduction shortly.</Trans>
        </p>
      )}
    </section>
  );
}
