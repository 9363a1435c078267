import { create } from 'zustand';

/** What the buy form starts with (an appraised domain, a stored one, a budget to raise). */
export interface BuyPrefill {
  domainName?: string;
  offerAmount?: string;
  /** Puts the focus in this field (the low-budget window's 'increase the budget'). */
  focus?: 'offerAmount';
}

/** The request the 'Insufficient Budget' window is about; empty when only the click call knows it was low. */
export interface LowBudgetContext {
  domainName?: string;
  offerAmount?: string;
  /** Where the low budget was met: the widget click, the landing-page enquiry, the buy form, or a sign-up. */
  sourceFrom?: 'click' | 'enquiry' | 'buyForm' | 'signUp';
}

/**
 * Every overlay the shell can show, driven by one global store
 * (docs/product.md "Menu and overlays"). The payload of each is what its window needs to render.
 */
export interface OverlayPayloads {
  /** Sign-in window; `background` is the path shown behind it while the address bar says /login. */
  login: { background: string; notice?: 'loggedOut' };
  signup: { variant?: 'full' | 'nameEmail' };
  /** The domain-login window of the buy flow (a later issue draws it; the exclusivity rules know it). */
  domainLogin: Record<string, never>;
  verification: { email?: string };
  googleProfile: Record<string, never>;
  upgrade: Record<string, never>;
  createFreeAccount: Record<string, never>;
  alert: { kind: 'passwordSent' | 'welcome' | 'promo'; message?: string };
  maintenance: Record<string, never>;
  pageLoader: Record<string, never>;
  /**
   * 'Insufficient Budget' (the buy feature draws it): what the visitor asked for, sent with the one
   * low-budget mail the window's exits send (docs/product.md "Buy flow").
   */
  lowBudget: LowBudgetContext;
  /** The domain + budget form of the buy flow (lib/buy-flow.ts opens it). */
  buyForm: BuyPrefill;
  buyerTerms: Record<string, never>;
  buyerPrivacy: Record<string, never>;
  sellerTerms: Record<string, never>;
  sellerPrivacy: Record<string, never>;
}
export type OverlayName = keyof OverlayPayloads;
export type OpenOverlays = { [K in OverlayName]?: OverlayPayloads[K] };

/** Full-page replacements set by the API client (307 and 451). */
export type Takeover = 'blockedCountry' | 'robot' | null;

/** Sign-in and sign-up windows: only one at a time (docs/product.md "Menu and overlays"). */
export const LOGIN_WINDOWS: readonly OverlayName[] = ['login', 'signup', 'domainLogin'];
/** Opening the verification window closes these (docs/product.md "Menu and overlays"). */
export const CLOSED_BY_VERIFICATION: readonly OverlayName[] = ['login', 'signup', 'upgrade', 'domainLogin'];

/** The state after opening `name`: a pure function so the exclusivity rules are tested on their own. */
export function withOpened<K extends OverlayName>(
  open: OpenOverlays,
  name: K,
  payload: OverlayPayloads[K],
): OpenOverlays {
  const next: OpenOverlays = { ...open };
  if (LOGIN_WINDOWS.includes(name)) for (const other of LOGIN_WINDOWS) delete next[other];
  if (name === 'verification') for (const other of CLOSED_BY_VERIFICATION) delete next[other];
  (next as Record<OverlayName, unknown>)[name] = payload;
  return next;
}

export function withClosed(open: OpenOverlays, name: OverlayName): OpenOverlays {
  if (!(name in open)) return open;
  const next = { ...open };
  delete next[name];
  return next;
}

interface OverlayState {
  open: OpenOverlays;
  takeover: Takeover;
  openOverlay: <K extends OverlayName>(
    name: K,
    ...payload: Record<string, never> extends OverlayPayloads[K]
      ? [OverlayPayloads[K]?]
      : [OverlayPayloads[K]]
  ) => void;
  closeOverlay: (name: OverlayName) => void;
  closeAll: () => void;
  setTakeover: (takeover: Takeover) => void;
}

export const useOverlays = create<OverlayState>((set) => ({
  open: {},
  takeover: null,
  openOverlay: (name, ...payload) =>
    set((s) => ({ open: withOpened(s.open, name, (payload[0] ?? {}) as OverlayPayloads[typeof name]) })),
  closeOverlay: (name) => set((s) => ({ open: withClosed(s.open, name) })),
  closeAll: () => set({ open: {} }),
  setTakeover: (takeover) => set({ takeover }),
}));

export const openOverlay: OverlayState['openOverlay'] = (name, ...payload) =>
  useOverlays.getState().openOverlay(name, ...payload);
export const closeOverlay = (name: OverlayName): void => useOverlays.getState().closeOverlay(name);
