/**
 * The profile window 'Please fill out the required Information' after sign-in (decision A30), for a
 * buyer who has no phone while an open lead of theirs asks to be reached by Phone or PhoneText. Google
 * and LinkedIn sign-ins open the same window themselves for any account without a phone
 * (features/auth); the window never shows over /profile (features/profile).
 *
 * It runs once per sign-in, however the session began (password, verification, Google, LinkedIn, a
 * set-password link): the shell (app/app.tsx) loads it when the session store gains a token, so first
 * load carries only that trigger. A reload keeps the session and asks nothing.
 * The leads are read (GET /getMyLeads) only for an account without a phone.
 */
import { leadWantsPhone } from '@domain-broker/shared/schemas/lead-status';
import { openOverlay } from './overlays.ts';
import { useSession } from './session.ts';

/** Opens the profile window when the signed-in account has no phone and an open lead prefers one. */
export async function askForPhoneIfLeadNeedsIt(): Promise<void> {
  const { token, profile } = useSession.getState();
  if (!token || !profile || profile.phone) return;
  // the leads module loads with the screens that show leads; a sign-in without a phone brings it here
  const { getMyLeads } = await import('./leads.ts');
  const leads = await getMyLeads().catch(() => null);
  // the same session, still without a phone (the window may have been answered meanwhile)
  const now = useSession.getState();
  if (!leads || now.token !== token || now.profile?.phone) return;
  if (leads.some(leadWantsPhone)) openOverlay('googleProfile');
}
