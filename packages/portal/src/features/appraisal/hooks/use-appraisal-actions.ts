/**
 * What the page does (docs/product.md "Appraisal"): appraise, show a history entry, read more, email a
 * certificate; actions that need a session open the login window and run again after sign-in; after sign-in
 * the guest's searches are attached to the user.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { ApiError } from '#portal/lib/api.ts';
import { onAppraisalReset } from '#portal/lib/appraisal-reset.ts';
import { captchaToken } from '#portal/lib/captcha.ts';
import { i18n } from '#portal/lib/i18n.ts';
import { notifyError } from '#portal/lib/notify.ts';
import { openLoginWindow } from '#portal/lib/open-login.ts';
import { openOverlay } from '#portal/lib/overlays.ts';
import { offerUpgrade } from '#portal/lib/paid-features.ts';
import { isSignedIn, useSession } from '#portal/lib/session.ts';
import { SESSION_KEYS } from '#portal/lib/storage.ts';
import { appraise } from '../api/appraise.ts';
import { updateUserIdInDomain } from '../api/update-user-id-in-domain.ts';
import { NOT_PERMITTED } from '../components/messages.ts';
import { type AppraisalView, type PendingAction, useAppraisalStore } from '../stores/appraisal-store.ts';
import { forgetSearches, rememberSearch, storedSearches } from '../utils/rules.ts';

const LIMIT_CODES = new Set(['APPRAISAL_LOGIN_REQUIRED', 'APPRAISAL_DAILY_LIMIT']);
const historyKey = ['appraisal', 'recentSearch'] as const;

/** Opens the login window; `action` runs once a session exists. */
function needSession(action: PendingAction): void {
  useAppraisalStore.getState().setPending(action);
  openLoginWindow();
}

export function useAppraisalActions() {
  const queryClient = useQueryClient();

  const run = useCallback(
    async (domain: string, botToken?: string | null) => {
      const store = useAppraisalStore.getState();
      store.start(domain);
      try {
        const token = botToken ?? (await captchaToken());
        const answer = await appraise({ domain, botToken: token });
        if (!answer.data || answer.status === 202) {
          store.fail(domain, {
            code: 'APPRAISAL_IN_PROGRESS',
            status: answer.status,
            message: answer.message ?? '',
          });
          return;
        }
        store.succeed(answer.data);
        if (!isSignedIn()) rememberSearch(answer.data.domain);
        void queryClient.invalidateQueries({ queryKey: historyKey });
      } catch (err) {
        const error = err instanceof ApiError ? err : new ApiError(0, null, '');
        if (error.status === 401) {
          // the session ended: the shell asks for the password again; the appraisal runs after that
          useAppraisalStore.setState({ phase: store.result ? 'result' : 'idle' });
          store.setPending({ kind: 'appraise', domain });
          return;
        }
        store.fail(domain, { code: error.code, status: error.status, message: error.message });
        if (error.code && LIMIT_CODES.has(error.code)) {
          store.setFigures({ remaining: 0 });
          // the history's answer says when the allowance renews
          void queryClient.invalidateQueries({ queryKey: historyKey });
          // a guest at the limit is offered a free account (decision A36); the appraisal runs again after sign-in
          if (!isSignedIn()) {
            store.setPending({ kind: 'appraise', domain });
            openOverlay('createFreeAccount');
          } else void offerUpgrade(); // an unpaid buyer: 20 a day with the broker service (A4, A11)
        }
      }
    },
    [queryClient],
  );

  const showRecord = useCallback((record: AppraisalView) => {
    useAppraisalStore.getState().show(record);
  }, []);

  const readMore = useCallback(() => {
    const store = useAppraisalStore.getState();
    if (store.expanded) {
      store.setExpanded(false);
      return;
    }
    if (!isSignedIn()) {
      needSession({ kind: 'readMore' });
      return;
    }
    store.setExpanded(true);
  }, []);

  const emailCertificate = useCallback((domain: string) => {
    if (!isSignedIn()) {
      needSession({ kind: 'certificate', domain });
      return;
    }
    const detail = useSession.getState().profile?.userDetail;
    if (detail && detail.EmailAppraisalCertificate === false) {
      notifyError(i18n._(NOT_PERMITTED));
      return;
    }
    useAppraisalStore.getState().setCertificateFor(domain);
  }, []);

  return { run, showRecord, readMore, emailCertificate };
}

/**
 * After sign-in (and on arrival with a session): attach the guest's stored searches, forget the guest's
 * figures, and run the action that asked for the session.
 */
export function useAfterSignIn(actions: ReturnType<typeof useAppraisalActions>): void {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const { run, readMore, emailCertificate } = actions;

  useEffect(() => {
    // today's figures belong to whoever asked; the history refetches under its new key
    useAppraisalStore.getState().setFigures({ remaining: undefined, limit: undefined });
    if (!token) return;
    const domains = storedSearches();
    if (domains.length > 0) {
      updateUserIdInDomain(domains)
        .then(async () => {
          forgetSearches();
          // a history fetch started before the searches moved would answer without them
          await queryClient.cancelQueries({ queryKey: historyKey });
          await queryClient.invalidateQueries({ queryKey: historyKey });
        })
        .catch(() => undefined);
    }
    const pending = useAppraisalStore.getState().pending;
    if (!pending) return;
    useAppraisalStore.getState().setPending(null);
    if (pending.kind === 'appraise') void run(pending.domain);
    else if (pending.kind === 'readMore') readMore();
    else emailCertificate(pending.domain);
  }, [token, queryClient, run, readMore, emailCertificate]);
}

/**
 * Choosing Appraise in the menu (`resetAppraisal()`) starts a fresh appraisal: the store resets itself;
 * while this page is open it starts fresh too (its form is drawn anew).
 */
export function useResetOnMenuChoice(onReset: () => void): void {
  useEffect(() => {
    // the menu was chosen on another page before the store was loaded: the stored state is gone
    if (sessionStorage.getItem(SESSION_KEYS.appraisalState) === null) useAppraisalStore.getState().reset();
  }, []);
  useEffect(() => onAppraisalReset(onReset), [onReset]);
}
