import { PRICE_TEXT } from '@domain-broker/shared/pricing';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { notifySuccess } from '../lib/notify.ts';
import { useRefundLead } from '../lib/refund-lead.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { formStyles } from './form.tsx';
import styles from './refund-button.module.css';

/**
 * 'Refund' for a purchase made in error (decision A31): shown only while `refundableUntil` is in the
 * future (lib/leads.ts `isRefundable`); asks once more before refunding. The refunded lead replaces the
 * cached one. Shared by the page after payment and the dashboard; its strings are in both catalogs.
 */
export function RefundButton({ lead }: { lead: Lead }) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const action = useRefundLead();
  const busy = action.pending;
  const sent = useRef(false);
  const fee = PRICE_TEXT.initialFee;
  const until = lead.refundableUntil
    ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(lead.refundableUntil),
      )
    : '';

  const refund = async () => {
    if (sent.current) return;
    sent.current = true;
    // the API client has shown a failure: the buyer may try again
    if (!(await action.run(lead.UID))) {
      sent.current = false;
      return;
    }
    setConfirming(false);
    notifySuccess(t`Your payment of ${fee} USD is refunded.`);
  };

  return (
    <div className={styles.refund}>
      <p>
        <Trans>
          Bought this by mistake? You can refund the fee until {until}, as long as your broker has not
          started.
        </Trans>
      </p>
      <button type="button" className={formStyles.secondary} onClick={() => setConfirming(true)}>
        <Trans>Refund</Trans>
      </button>
      {confirming && (
        <ConfirmDialog
          title={t`Refund your payment?`}
          confirmLabel={<Trans>Confirm Refund</Trans>}
          cancelLabel={<Trans>Keep My Broker</Trans>}
          busy={busy}
          onConfirm={() => void refund()}
          onClose={() => setConfirming(false)}
        >
          <p>
            <Trans>
              We refund {fee} USD to your card and your broker stops working on {lead.domainName}. This cannot
              be undone.
            </Trans>
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
