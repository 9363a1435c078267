import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '#portal/components/dialog.tsx';
import { formStyles } from '#portal/components/form.tsx';
import styles from './checkout.module.css';

/**
 * The sandbox's 3-D Secure challenge: the bank's page a real card would show, reduced to its two
 * outcomes. Closing it is a failed authentication.
 */
export function ThreeDSecureDialog({ onOutcome }: { onOutcome: (outcome: 'complete' | 'fail') => void }) {
  const { t } = useLingui();
  const fee = PRICE_TEXT.initialFee;
  return (
    <Dialog title={t`3-D Secure Authentication`} onClose={() => onOutcome('fail')}>
      <p>
        <Trans>Your bank asks you to confirm this payment of {fee} USD.</Trans>
      </p>
      <p className={styles.testMode}>
        <Trans>TEST MODE: no bank is contacted; choose the outcome.</Trans>
      </p>
      <div className={formStyles.actions}>
        <button
          type="button"
          className={formStyles.primary}
          onClick={() => onOutcome('complete')}
          data-autofocus
        >
          <Trans>Complete</Trans>
        </button>
        <button type="button" className={formStyles.secondary} onClick={() => onOutcome('fail')}>
          <Trans>Fail</Trans>
        </button>
      </div>
    </Dialog>
  );
}
