import type { AppraisalAnswer, RecentSearchItem } from '@domain-broker/shared/schemas/appraisal';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onAppraisalReset } from '#portal/lib/appraisal-reset.ts';
import { SESSION_KEYS } from '#portal/lib/storage.ts';

/**
 * sessionStorage key of the page's state; `resetAppraisal()` (the menu's Appraise entry) removes it
 * (docs/product.md "Menu and overlays").
 */
export const APPRAISAL_STATE_KEY = SESSION_KEYS.appraisalState;

/** The record the result card shows: a fresh answer, or an entry of the history. */
export type AppraisalView = Omit<AppraisalAnswer, 'remaining' | 'limit' | 'renewsAt' | 'signals'> & {
  searchedAt?: string;
};

export interface AppraisalFailure {
  /** The server's error code (null for a network failure). */
  code: string | null;
  status: number;
  /** The server's message, shown when the code has no translation. */
  message: string;
}

/**
 * Actions that need a session: the login window opens and they run again after sign-in
 * (docs/product.md "Appraisal").
 */
export type PendingAction =
  | { kind: 'appraise'; domain: string }
  | { kind: 'readMore' }
  | { kind: 'certificate'; domain: string };

export type Phase = 'idle' | 'loading' | 'result' | 'error';

export interface AppraisalState {
  phase: Phase;
  /** The domain of the appraisal under way or shown. */
  domain: string;
  result: AppraisalView | null;
  failure: AppraisalFailure | null;
  /** Today's remaining appraisals and limit from the last answer (null = unlimited; undefined = unknown). */
  remaining: number | null | undefined;
  limit: number | null | undefined;
  /** When today's allowance renews (ISO 8601; null = unlimited; undefined = unknown). */
  renewsAt: string | null | undefined;
  expanded: boolean;
  /** Domains whose certificate is being sent (the history item shows it until done). */
  downloading: string[];
  pending: PendingAction | null;
  /** The domain whose certificate window is open. */
  certificateFor: string | null;

  start: (domain: string) => void;
  succeed: (answer: AppraisalAnswer) => void;
  fail: (domain: string, failure: AppraisalFailure) => void;
  show: (record: AppraisalView) => void;
  /** The same record in full (after sign-in the user's history has every reason); the view stays as it is. */
  refresh: (record: AppraisalView) => void;
  setExpanded: (expanded: boolean) => void;
  setDownloading: (domain: string, on: boolean) => void;
  setPending: (pending: PendingAction | null) => void;
  /** Today's figures from another answer (the history's header), or cleared when the session changes. */
  setFigures: (figures: {
    remaining: number | null | undefined;
    limit?: number | null | undefined;
    renewsAt?: string | null | undefined;
  }) => void;
  setCertificateFor: (domain: string | null) => void;
  reset: () => void;
}

const initial = {
  phase: 'idle' as Phase,
  domain: '',
  result: null,
  failure: null,
  remaining: undefined,
  limit: undefined,
  renewsAt: undefined,
  expanded: false,
  downloading: [] as string[],
  pending: null,
  certificateFor: null,
};

function viewOf(answer: AppraisalAnswer): AppraisalView {
  const { remaining: _r, limit: _l, renewsAt: _n, signals: _s, ...record } = answer;
  return record;
}

export const useAppraisalStore = create<AppraisalState>()(
  persist(
    (set) => ({
      ...initial,
      start: (domain) => set({ phase: 'loading', domain, failure: null, expanded: false }),
      succeed: (answer) =>
        set({
          phase: 'result',
          domain: answer.domain,
          result: viewOf(answer),
          failure: null,
          remaining: answer.remaining,
          limit: answer.limit,
          renewsAt: answer.renewsAt,
          expanded: false,
        }),
      fail: (domain, failure) => set({ phase: 'error', domain, failure, result: null }),
      show: (record) =>
        set({ phase: 'result', domain: record.domain, result: record, failure: null, expanded: false }),
      refresh: (record) => set((s) => (s.result?.domain === record.domain ? { result: record } : {})),
      setExpanded: (expanded) => set({ expanded }),
      setDownloading: (domain, on) =>
        set((s) => ({
          downloading: on
            ? [...s.downloading.filter((d) => d !== domain), domain]
            : s.downloading.filter((d) => d !== domain),
        })),
      setPending: (pending) => set({ pending }),
      setFigures: (figures) =>
        set((s) => ({
          remaining: figures.remaining,
          limit: 'limit' in figures ? figures.limit : s.limit,
          renewsAt: 'renewsAt' in figures ? figures.renewsAt : s.renewsAt,
        })),
      setCertificateFor: (certificateFor) => set({ certificateFor }),
      reset: () => set({ ...initial }),
    }),
    {
      name: APPRAISAL_STATE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // an appraisal under way is not resumed after a reload
      partialize: (s) => ({
        phase: s.phase === 'loading' ? ('idle' as Phase) : s.phase,
        domain: s.domain,
        result: s.result,
        failure: s.failure,
        remaining: s.remaining,
        limit: s.limit,
        renewsAt: s.renewsAt,
        pending: s.pending,
      }),
    },
  ),
);

/** The history item of a recent search, as the card shows it. */
export function viewOfHistory(item: RecentSearchItem): AppraisalView {
  const { domainName: _d, ...record } = item;
  return record;
}

// the menu's Appraise entry starts afresh, whichever page it is chosen on
onAppraisalReset(() => useAppraisalStore.getState().reset());
