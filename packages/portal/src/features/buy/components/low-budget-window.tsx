import { LANDING_PAGE_PATH } from '@domain-broker/shared/widget-contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { Dialog } from '#portal/components/dialog.tsx';
import { formStyles } from '#portal/components/form.tsx';
import { messageText } from '#portal/lib/messages.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { closeOverlay, type LowBudgetContext, openOverlay, useOverlays } from '#portal/lib/overlays.ts';
import { registrarDetail, registrarUid } from '#portal/lib/registrar.ts';
import { isSignedIn } from '#portal/lib/session.ts';
import { readString, STORAGE_KEYS } from '#portal/lib/storage.ts';
import { sendLowBudgetMail } from '../api/leads.ts';
import styles from './buy.module.css';

/** The note each exit sends with the low-budget mail (docs/product.md "Buy flow"). */
export const LOW_BUDGET_NOTES = {
  alternatives: 'User decided to go back to the registrar where they came from.',
  increase: 'User decided to increase the budget.',
  closed: 'User closed the Insufficient Budget window without choosing.',
} as const;
export type LowBudgetExit = keyof typeof LOW_BUDGET_NOTES;

/** The mail's body: what was asked for (the stored domain when the window only knows the click). */
export function lowBudgetMailBody(context: LowBudgetContext, exit: LowBudgetExit) {
  const domainName = context.domainName || readString(STORAGE_KEYS.domainName) || '';
  const offerAmount = context.offerAmount ?? '';
  const registrarUID = registrarUid();
  return {
    domainName,
    offerAmount,
    sourceFrom: context.sourceFrom ?? 'click',
    lowBudgetNote: LOW_BUDGET_NOTES[exit],
    ...(registrarUID ? { registrarUID } : {}),
  };
}

/** Only http(s) addresses are followed: the stored website is never trusted blindly. */
export function safeWebsite(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * 'Insufficient Budget' (docs/product.md "Buy flow"; decision A13): for a visitor who came from a registrar
 * and offered under 500 USD. Search Alternatives goes back to the registrar's website when it is known,
 * otherwise to /appraisal; Increase the Budget reopens the form with the budget field in focus. Each exit,
 * closing included, sends the one low-budget mail to staff (never two for one window).
 */
export default function LowBudgetWindow() {
  const { t, i18n } = useLingui();
  const context = useOverlays((s) => s.open.lowBudget);
  const mailed = useRef(false);
  if (!context) return null;
  const website = safeWebsite(registrarDetail()?.website);

  const leave = (exit: LowBudgetExit) => {
    if (!mailed.current) {
      mailed.current = true;
      const body = lowBudgetMailBody(context, exit);
      // a mail that cannot be sent must not keep the visitor here
      // the answer thanks the visitor: the low-budget call's message is shown
      if (body.domainName)
        void sendLowBudgetMail(body)
          .then((answer) => {
            if (answer.message) notifySuccess(messageText(answer, i18n));
          })
          .catch(() => undefined);
    }
    closeOverlay('lowBudget');
  };

  const increase = () => {
    leave('increase');
    if (isSignedIn()) {
      openOverlay('buyForm', {
        ...(context.domainName ? { domainName: context.domainName } : {}),
        ...(context.offerAmount ? { offerAmount: context.offerAmount } : {}),
        focus: 'offerAmount',
      });
    } else if (location.pathname !== LANDING_PAGE_PATH) navigate(`${LANDING_PAGE_PATH}#budget`);
    // after the window has returned the focus to where it was
    else setTimeout(() => document.querySelector<HTMLInputElement>('input[name="offerAmount"]')?.focus(), 0);
  };

  return (
    <Dialog title={t`Insufficient Budget`} onClose={() => leave('closed')}>
      <p>
        <Trans>
          Owners of registered domains rarely sell for this budget. You can look for an alternative name, or
          raise your budget so a broker can make a serious offer.
        </Trans>
      </p>
      <div className={`${formStyles.actions} ${styles.actions}`}>
        <button
          type="button"
          className={formStyles.primary}
          data-autofocus
          onClick={() => {
            leave('alternatives');
            if (website) window.location.assign(website);
            else navigate('/appraisal');
          }}
        >
          <Trans>Search Alternatives</Trans>
        </button>
        <button type="button" className={formStyles.secondary} onClick={increase}>
          <Trans>Increase the Budget</Trans>
        </button>
      </div>
    </Dialog>
  );
}
