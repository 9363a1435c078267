import { Trans } from '@lingui/react/macro';
import { currentLead, useMyLeads } from '#portal/lib/leads.ts';
import styles from './after-purchase.module.css';
import { leadsState } from './leads-state.tsx';
import { AfterPurchasePage } from './page-frame.tsx';
import { SurveyForm } from './survey-form.tsx';

/** /survey (private): the questions alone, for the current lead (decision A28; linked from mail). */
function SurveyPage() {
  const leads = useMyLeads();
  const lead = currentLead(leads.data);
  const body =
    leadsState(leads, <Trans>Your domain could not be loaded.</Trans>) ??
    (lead ? (
      <SurveyForm key={lead.UID} lead={lead} />
    ) : (
      <p className={styles.state} role="status">
        <Trans>You have no domain to tell your broker about yet.</Trans>
      </p>
    ));
  return (
    <AfterPurchasePage id="survey-page-title" title={<Trans>Your domain wishes</Trans>}>
      {body}
    </AfterPurchasePage>
  );
}

export default SurveyPage;
