import { DEFAULT_APPRAISAL_LIMITS, MAX_DOMAINS_PER_CONSULTATION } from '@domain-broker/shared/constants';
import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../components/dialog.tsx';
import formStyles from '../components/form.module.css';
import { startBuyFlow } from '../lib/buy-flow.ts';
import { currentLead, getMyLeads, useLeadsStore } from '../lib/leads.ts';
import { navigate } from '../lib/navigation.ts';
import { closeOverlay } from '../lib/overlays.ts';
import { screenExists } from '../lib/screens.ts';
import { isSignedIn } from '../lib/session.ts';
import { useWrite } from '../lib/write.ts';
import styles from './popups.module.css';

/**
 * Where 'Hire a Broker' goes: the checkout of the buyer's unpaid lead when there is one (decision
 * A29), else the domain + budget form that makes the lead (the sign-in window first for a guest).
 */
async function startHiring(): Promise<void> {
  if (isSignedIn() && screenExists('/hire-consultant')) {
    let leads = useLeadsStore.getState().leads;
    if (!leads) leads = await getMyLeads().catch(() => []);
    if (currentLead(leads)?.status === 'pending') {
      navigate('/hire-consultant');
      return;
    }
  }
  startBuyFlow();
}

/**
 * 'Upgrade Your Account To Access This Feature' (docs/product.md "Upgrade popup"; decision A11): opened
 * where an unpaid buyer reaches a paid feature (alternate domains, the e-book, the appraisal limit), by
 * any feature through lib/paid-features.ts. Loaded when it first opens.
 */
export default function UpgradeWindow() {
  const { t } = useLingui();
  // the overlay host provides the query client: the window writes like any screen (lib/write.ts)
  const close = () => closeOverlay('upgrade');
  const hiring = useWrite<void, void>(startHiring, { onDone: close, onFailure: close });
  const fee = PRICE_TEXT.initialFee;
  const searches = DEFAULT_APPRAISAL_LIMITS.paid;
  const domains = MAX_DOMAINS_PER_CONSULTATION;
  return (
    <Dialog title={t`Upgrade Your Account To Access This Feature`} onClose={close}>
      <p>
        <Trans>This feature comes with the broker service. One payment unlocks:</Trans>
      </p>
      <ul className={styles.list}>
        <li>
          <Trans>{searches} daily appraisal searches with extra data</Trans>
        </li>
        <li>
          <Trans>A dedicated consultant for up to {domains} acquisitions</Trans>
        </li>
        <li>
          <Trans>An e-book: How to buy a domain someone else owns</Trans>
        </li>
      </ul>
      <p className={styles.price}>
        <Trans>One-time fee: {fee} USD</Trans>
      </p>
      <div className={formStyles.actions}>
        <button
          type="button"
          className={formStyles.primary}
          data-autofocus
          disabled={hiring.pending}
          aria-busy={hiring.pending || undefined}
          onClick={() => hiring.run()}
        >
          <Trans>Hire a Broker</Trans>
        </button>
        <button type="button" className={formStyles.secondary} onClick={close}>
          <Trans>Not Now</Trans>
        </button>
      </div>
    </Dialog>
  );
}
