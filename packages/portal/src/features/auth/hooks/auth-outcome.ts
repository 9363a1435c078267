import type { SessionData } from '@domain-broker/shared/api';
import type { I18n } from '@lingui/core';
import type { ApiAnswer } from '#portal/lib/api.ts';
import { messageText } from '#portal/lib/messages.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { notifySuccess } from '#portal/lib/notify.ts';
import { openLoginWindow } from '#portal/lib/open-login.ts';
import { closeOverlay, openOverlay } from '#portal/lib/overlays.ts';
import { signInWith } from '#portal/lib/session.ts';

export type AuthOutcome = 'signedIn' | 'verify' | 'exists' | 'passwordSent' | 'none';

function hasSession(data: unknown): data is SessionData {
  return typeof data === 'object' && data !== null && typeof (data as SessionData).token === 'string';
}

/**
 * What a sign-up, sign-in or Google answer means for the screen
 * (docs/product.md "Sign-up and sign-in answers"): 207 opens the verification window; 203 shows the message,
 * closes the sign-up windows and opens the sign-in; 201 (a password was mailed) shows the alert; a session
 * signs in.
 */
export function applyAuthAnswer(
  answer: ApiAnswer<unknown>,
  context: { email?: string; place: 'screen' | 'window'; i18n: I18n },
): AuthOutcome {
  const { i18n } = context;
  if (answer.status === 207) {
    const email = (answer.data as { email?: string } | undefined)?.email ?? context.email;
    if (answer.message) notifySuccess(messageText(answer, i18n));
    openOverlay('verification', { email });
    return 'verify';
  }
  if (answer.status === 203) {
    if (answer.message) notifySuccess(messageText(answer, i18n));
    closeOverlay('signup');
    closeOverlay('domainLogin');
    if (context.place === 'window') openLoginWindow();
    else navigate('/login', { replace: false });
    return 'exists';
  }
  let outcome: AuthOutcome = 'none';
  if (hasSession(answer.data)) {
    signInWith(answer.data.token, answer.data.user, answer.data);
    outcome = 'signedIn';
  }
  if (answer.status === 201) {
    openOverlay('alert', { kind: 'passwordSent', message: messageText(answer, i18n) });
    return outcome === 'signedIn' ? 'signedIn' : 'passwordSent';
  }
  return outcome;
}

export { signInWith };
