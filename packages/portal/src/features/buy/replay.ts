/**
 * What the buy feature does when a session begins (lib/buy-flow.ts calls it through the shell): run the
 * action a guest started, or tell the sign-in screen where to go.
 */
import { effectiveRoles } from '@domain-broker/shared/roles';
import { msg } from '@lingui/core/macro';
import { ApiError, errorText } from '#portal/lib/api.ts';
import type { PendingBuyAction } from '#portal/lib/buy-flow.ts';
import { ensureCatalog, i18n } from '#portal/lib/i18n.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { notifyError } from '#portal/lib/notify.ts';
import { openOverlay } from '#portal/lib/overlays.ts';
import { afterSignInPath, screenExists } from '#portal/lib/screens.ts';
import { useSession } from '#portal/lib/session.ts';
import { createLead, getMyLeads } from './api/leads.ts';
import { buyMessage } from './utils/messages.ts';
import { buyerAccess, buyOutcome, destinationAfterSignIn, isPaid } from './utils/rules.ts';

/** The form the registrar landing page's enquiry names its lead with. */
export const ENQUIRY_FORM_NAME = 'registrar-landing-page';

function access() {
  const profile = useSession.getState().profile;
  return buyerAccess(effectiveRoles(profile?.roles), profile?.userInterested);
}

/**
 * After the registrar enquiry's verification (or the sign-in of an account that already existed):
 * 500 USD or more goes on to /hire-consultant with its lead (the verification made it; a sign-in
 * makes it now, A12 edits an unpaid one in place); under 500 the 'Insufficient Budget' window opens.
 * Never back to an empty form.
 */
export async function continueEnquiry(domainName: string, offerAmount: string): Promise<void> {
  if (buyOutcome(offerAmount, true) !== 'lead') {
    openOverlay('lowBudget', { domainName, offerAmount, sourceFrom: 'enquiry' });
    return;
  }
  try {
    const current = (await getMyLeads())[0];
    const same =
      current?.domainName === domainName && current.status !== 'refunded' && current.status !== 'canceled';
    if (same && isPaid(current)) {
      navigate(await destination());
      return;
    }
    if (!same) {
      await createLead({ domainName, offerAmount, referrerURL: location.href, formName: ENQUIRY_FORM_NAME });
    }
    navigate('/hire-consultant');
  } catch (error) {
    if (error instanceof ApiError && [401, 307, 451].includes(error.status)) return;
    await ensureCatalog('buy');
    notifyError(buyMessage(errorText(error), i18n));
  }
}

export async function replay(action: PendingBuyAction): Promise<void> {
  if (action.kind === 'buy') openOverlay('buyForm', action.prefill);
  else if (action.kind === 'enquiry') await continueEnquiry(action.domainName, action.offerAmount);
  else if (action.kind === 'checkout') navigate('/hire-consultant');
  else
    openOverlay('lowBudget', {
      ...(action.domainName ? { domainName: action.domainName } : {}),
      sourceFrom: 'signUp',
    });
}

/**
 * Where a sign-in that no action started goes (docs/product.md "Where sign-in goes", A9); the usual page when
 * the leads cannot be read.
 */
export async function destination(): Promise<string> {
  const who = access();
  const fallback = afterSignInPath();
  const leads = who === 'allowed' ? await getMyLeads().catch(() => null) : [];
  if (leads === null) return fallback;
  const next = destinationAfterSignIn(leads, {
    access: who,
    dashboardExists: screenExists('/dashboard'),
    fallback,
  });
  if (next.refused) {
    await ensureCatalog('buy');
    notifyError(i18n._(msg`not allowed, please contact admin`));
  }
  // a buyer page that is not built yet is no destination: the usual page instead
  return screenExists(next.path) ? next.path : fallback;
}
