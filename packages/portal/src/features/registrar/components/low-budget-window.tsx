import { LANDING_PAGE_PATH } from '@domain-broker/shared/widget-contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import { formStyles } from '../../../components/form.tsx';
import { navigate } from '../../../lib/navigation.ts';
import { closeOverlay } from '../../../lib/overlays.ts';
import { readRegistrarDetail, safeWebsite } from '../hooks/registrar-detail.ts';
import styles from './landing.module.css';

/**
 * 'Insufficient Budget' (spec §2, §4 low-budget flow): opened when the click call answers 203.
 * SEARCH ALTERNATIVES goes back to the registrar's website when it is known, otherwise to /appraisal;
 * 'increase the budget' goes to the enquiry form's budget field.
 */
export default function LowBudgetWindow() {
  const { t } = useLingui();
  const close = () => closeOverlay('lowBudget');
  const website = safeWebsite(readRegistrarDetail()?.website);
  return (
    <Dialog title={t`Insufficient Budget`} onClose={close}>
      <p>
        <Trans>
          Owners of registered domains rarely sell for this budget. You can look for an alternative name, or
          raise your budget so a broker can make a serious offer.
        </Trans>
      </p>
      <div className={`${formStyles.actions} ${styles.dialogActions}`}>
        <button
          type="button"
          className={formStyles.primary}
          data-autofocus
          onClick={() => {
            close();
            if (website) window.location.assign(website);
            else navigate('/appraisal');
          }}
        >
          <Trans>Search Alternatives</Trans>
        </button>
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() => {
            close();
            if (location.pathname !== LANDING_PAGE_PATH) navigate(`${LANDING_PAGE_PATH}#budget`);
            // after the window has returned the focus to where it was
            else
              setTimeout(
                () => document.querySelector<HTMLInputElement>('input[name="offerAmount"]')?.focus(),
                0,
              );
          }}
        >
          <Trans>increase the budget</Trans>
        </button>
      </div>
    </Dialog>
  );
}
