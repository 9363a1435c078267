import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Dialog } from '#portal/components/dialog.tsx';
import { formStyles } from '#portal/components/form.tsx';
import { navigate } from '#portal/lib/navigation.ts';
import { closeOverlay, openOverlay, useOverlays } from '#portal/lib/overlays.ts';
import styles from './buy.module.css';
import { type BuyFormResult, DomainBudgetForm, useBuyerRefusal } from './domain-budget-form.tsx';

/**
 * The buy flow's window (docs/product.md "Buy flow"): the domain + budget form over the page it was started
 * from, so every entry point (Get Started, Buy, Hire a broker for this domain, 'increase the budget')
 * opens the same thing. A lead goes on to /hire-consultant; an enquiry shows its confirmation here;
 * a registrar's visitor under 500 USD gets the 'Insufficient Budget' window instead.
 */
export default function BuyWindow() {
  const { t } = useLingui();
  const prefill = useOverlays((s) => s.open.buyForm);
  const refusal = useBuyerRefusal();
  const [sent, setSent] = useState<string | null>(null);
  if (!prefill) return null;
  const close = () => closeOverlay('buyForm');

  const onResult = (result: BuyFormResult) => {
    if (result.kind === 'enquiry') {
      setSent(result.message);
      return;
    }
    close();
    if (result.kind === 'lead') navigate('/hire-consultant');
    // the dashboard's alternates panel, with the domain filled in (decision A12)
    else if (result.kind === 'alternate')
      navigate(`/dashboard?alternate=${encodeURIComponent(result.domainName)}`);
    else
      openOverlay('lowBudget', {
        domainName: result.domainName,
        offerAmount: result.offerAmount,
        sourceFrom: 'buyForm',
      });
  };

  return (
    <Dialog title={t`Hire a Broker to Buy Your Domain`} onClose={close}>
      {refusal ? (
        <>
          <p className={formStyles.warning} role="alert">
            {refusal}
          </p>
          <button type="button" className={formStyles.primary} onClick={close}>
            <Trans>Close</Trans>
          </button>
        </>
      ) : sent ? (
        <>
          <p className={formStyles.success} role="status">
            {sent}
          </p>
          <button type="button" className={formStyles.primary} onClick={close} data-autofocus>
            <Trans>Okay!</Trans>
          </button>
        </>
      ) : (
        <>
          <p className={styles.intro}>
            <Trans>
              Tell us the domain you want and what you could pay for it. A broker finds the owner and
              negotiates for you.
            </Trans>
          </p>
          <DomainBudgetForm prefill={prefill} onResult={onResult} />
        </>
      )}
    </Dialog>
  );
}
