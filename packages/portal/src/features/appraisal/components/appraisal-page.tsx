import type { RecentSearchItem } from '@domain-broker/shared/schemas/appraisal';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
// the address bar's query (the portal routes on the browser location)
import { useSearch } from 'wouter/use-browser-location';
import { startBuyFlow } from '#portal/lib/buy-flow.ts';
import { usePublicConfig } from '#portal/lib/config.ts';
import { navigate } from '#portal/lib/navigation.ts';
import { mayUpgrade, openUpgrade } from '#portal/lib/paid-features.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSession } from '#portal/lib/session.ts';
import { useDownloadCertificate } from '../api/download-certificate.ts';
import { useRecentSearches } from '../api/recent-search.ts';
import { useSendAppraisalCertificate } from '../api/send-appraisal-certificate.ts';
import { type ShareLink, useShareCertificate } from '../api/share-certificate.ts';
import { useAfterSignIn, useAppraisalActions, useResetOnMenuChoice } from '../hooks/use-appraisal-actions.ts';
import { useOneTap } from '../hooks/use-one-tap.ts';
import { useAppraisalStore, viewOfHistory } from '../stores/appraisal-store.ts';
import {
  countToday,
  forgetSearches,
  hireBudget,
  historyLayout,
  remainingAppraisals,
} from '../utils/rules.ts';
import styles from './appraisal.module.css';
import { CertificateModal } from './certificate-modal.tsx';
import { DomainForm } from './domain-form.tsx';
import { HistoryList, type HistoryState } from './history-list.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { failureText } from './messages.ts';
import { RemainingText } from './remaining-text.tsx';
import { ResultCard } from './result-card.tsx';

/**
 * The `domainName` and `token` query parameters start an appraisal (docs/product.md "Appraisal page"); they
 * are then removed.
 */
function useQueryStart(run: (domain: string, botToken?: string | null) => Promise<void>) {
  const search = useSearch();
  const started = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const domain = params.get('domainName')?.trim();
    if (!domain || started.current === search) return;
    started.current = search;
    const token = params.get('token');
    params.delete('domainName');
    params.delete('token');
    const rest = params.toString();
    navigate(`${location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    void run(domain, token);
  }, [search, run]);
}

function AppraisalPage() {
  const { t, i18n } = useLingui();
  const { supportedExtensions } = usePublicConfig();
  const signedIn = useSession((s) => s.token !== null);
  const profile = useSession((s) => s.profile);
  const state = useAppraisalStore();
  const actions = useAppraisalActions();
  const history = useRecentSearches();
  const certificateSent = (input: { domainName: string }) =>
    useAppraisalStore.getState().setDownloading(input.domainName, false);
  const send = useSendAppraisalCertificate({
    onDone: (_, input) => certificateSent(input),
    onFailure: (_, input) => certificateSent(input),
  });
  const download = useDownloadCertificate();
  const share = useShareCertificate();
  const [shareLink, setShareLink] = useState<ShareLink | null>(null);
  const [formKey, setFormKey] = useState(0);

  useOneTap();
  useAfterSignIn(actions);
  useQueryStart(actions.run);
  useResetOnMenuChoice(useCallback(() => setFormKey((k) => k + 1), []));

  // the history's header carries today's remaining count
  useEffect(() => {
    if (history.data && history.data.remaining !== undefined) {
      const { remaining, renewsAt } = history.data;
      useAppraisalStore.getState().setFigures({ remaining, ...(renewsAt ? { renewsAt } : {}) });
    }
  }, [history.data]);

  // a failed history fetch clears a guest's stored history (docs/product.md "Appraisal")
  useEffect(() => {
    if (history.isError && !signedIn) forgetSearches();
  }, [history.isError, signedIn]);

  // after sign-in the user's history holds every reason of a record a guest saw 5 of
  useEffect(() => {
    const shown = state.result;
    if (!signedIn || !shown || !history.data) return;
    if ((shown.descriptionCount ?? 0) <= shown.description.length) return;
    const full = history.data.items.find((i) => i.domain === shown.domain);
    if (full && full.description.length > shown.description.length) {
      useAppraisalStore.getState().refresh(viewOfHistory(full));
    }
  }, [signedIn, state.result, history.data]);

  const items = history.data?.items ?? [];
  const historyState: HistoryState = history.isError
    ? { kind: 'error' }
    : history.isPending
      ? { kind: 'loading' }
      : { kind: 'ready', items };
  const layout = historyLayout(items.length);
  const remaining = remainingAppraisals({
    remaining: state.remaining,
    limit: state.limit,
    todayCount: countToday(items),
    signedIn,
  });

  // a signed-in buyer with none left who has not paid is offered the upgrade (decision A11): Get Value
  // opens it rather than waiting for the renewal
  const [upgradeable, setUpgradeable] = useState(false);
  const atLimit = signedIn && remaining === 0;
  useEffect(() => {
    if (!atLimit) {
      setUpgradeable(false);
      return;
    }
    let live = true;
    void mayUpgrade().then((yes) => {
      if (live) setUpgradeable(yes);
    });
    return () => {
      live = false;
    };
  }, [atLimit]);

  const canShare = signedIn && profile?.userDetail?.ShareDownloadAppraisal === true;
  const record = state.phase === 'result' ? state.result : null;
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (state.phase === 'result' && state.result)
      setAnnouncement(t`Appraisal of ${state.result.domain} is ready.`);
    else if (state.phase === 'loading') setAnnouncement('');
  }, [state.phase, state.result, t]);

  const sendCertificate = (email: string) => {
    const domain = state.certificateFor;
    if (!domain) return;
    const store = useAppraisalStore.getState();
    store.setDownloading(domain, true);
    store.setCertificateFor(null);
    send.run({ domainName: domain, email, name: profile?.name || null });
  };

  const chooseHistory = (item: RecentSearchItem) => {
    setShareLink(null);
    actions.showRecord(viewOfHistory(item));
  };

  const limitHit =
    state.phase === 'error' &&
    (state.failure?.code === 'APPRAISAL_LOGIN_REQUIRED' || state.failure?.code === 'APPRAISAL_DAILY_LIMIT');

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>{t`Domain appraisal`}</h1>
        <p className={styles.lead}>
          <Trans>
            What is a domain name worth? Our free appraisal weighs more than 216 data points and explains its
            value.
          </Trans>
        </p>
      </header>

      <DomainForm
        key={formKey}
        value={state.domain}
        busy={state.phase === 'loading'}
        // a signed-in user with none left waits for the renewal, or is offered the upgrade
        disabled={atLimit && !upgradeable}
        onSubmit={(domain) => {
          if (atLimit && upgradeable) {
            openUpgrade();
            return;
          }
          setShareLink(null);
          void actions.run(domain);
        }}
      />
      <RemainingText remaining={remaining} renewsAt={state.renewsAt} />
      {atLimit && upgradeable && (
        <button type="button" className={styles.upgrade} onClick={openUpgrade}>
          <Trans>Get More Appraisals</Trans>
        </button>
      )}

      <div className={`${styles.layout} ${layout === 'side' ? styles.layoutSide : ''}`}>
        <section
          className={styles.resultArea}
          aria-label={t`Appraisal result`}
          aria-busy={state.phase === 'loading'}
        >
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          {state.phase === 'idle' && (
            <div className={styles.empty}>
              <p>
                <Trans>
                  Enter a domain name and choose 'Get Value' to see its estimated value and the reasons for
                  it.
                </Trans>
              </p>
            </div>
          )}
          {state.phase === 'loading' && <LoadingScreen domain={state.domain} />}
          {state.phase === 'error' && state.failure && (
            <div className={styles.error} role="alert" data-testid="appraisal-error">
              <p className={styles.errorText}>{failureText(state.failure, i18n, supportedExtensions)}</p>
              {limitHit && !signedIn && (
                <p>
                  <Trans>Please login to get appraisals</Trans>
                </p>
              )}
            </div>
          )}
          {record && (
            <ResultCard
              record={record}
              signedIn={signedIn}
              expanded={state.expanded}
              sending={state.downloading.includes(record.domain)}
              busy={download.pending || share.pending}
              actions={{
                onReadMore: actions.readMore,
                onEmail: () => actions.emailCertificate(record.domain),
                onDownload: canShare ? () => download.run(record.domain) : undefined,
                onShare: canShare
                  ? () =>
                      void share.runAsync(record.domain).then((link) => {
                        if (link !== null) setShareLink(link ?? null);
                      })
                  : undefined,
                onHire: () =>
                  startBuyFlow({
                    domainName: record.domain,
                    ...hireBudget(record.appraised_value),
                  }),
                onAppraise: (domain) => {
                  setShareLink(null);
                  void actions.run(domain);
                },
              }}
            />
          )}
          {record && shareLink && <SharePanel link={shareLink} />}
        </section>

        <HistoryList
          state={historyState}
          layout={layout}
          current={record?.domain ?? null}
          downloading={state.downloading}
          onChoose={chooseHistory}
        />
      </div>

      {state.certificateFor && (
        <CertificateModal
          domain={state.certificateFor}
          defaultEmail={profile?.email ?? ''}
          sending={send.pending}
          onSend={sendCertificate}
          onClose={() => useAppraisalStore.getState().setCertificateFor(null)}
        />
      )}
    </div>
  );
}

function SharePanel({ link }: { link: ShareLink }) {
  const { t, i18n } = useLingui();
  const [copied, setCopied] = useState(false);
  const expires = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.locale === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'medium' }).format(
        new Date(link.expiresAt),
      ),
    [link.expiresAt, i18n.locale],
  );
  return (
    <div className={styles.share} role="status">
      <label className={styles.figureLabel} htmlFor="appraisal-share-link">
        {t`Share link (valid until ${expires})`}
      </label>
      <div className={styles.searchRow}>
        <input id="appraisal-share-link" className={styles.shareInput} readOnly value={link.url} />
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            void navigator.clipboard?.writeText(link.url).then(() => setCopied(true));
          }}
        >
          {copied ? t`Copied` : t`Copy Link`}
        </button>
      </div>
    </div>
  );
}

export default withQueryClient(AppraisalPage);
