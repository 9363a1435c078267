/**
 * Browser storage keys (docs/product.md "Browser storage"). Everything the portal keeps in
 * localStorage goes through these names so logout can keep exactly what the spec says it keeps.
 */
export const STORAGE_KEYS = {
  token: 'token',
  myProfile: 'myProfile',
  userEmail: 'userEmail',
  recentSearchedDomains: 'recentSearchedDomains',
  registrarUID: 'registrarUID',
  registrarDetail: 'registrarDetail',
  domainName: 'domainName',
  promoCode: 'promoCode',
  lastActivity: 'lastActivityAt',
  lastProfileFetch: 'lastProfileFetchAt',
  locale: 'locale',
  // the sell form's referral data, cleared after a successful submission
  sellRef: 'sell_ref',
  sellReferrer: 'sell_referrer',
  sellAppraise: 'sell_appraise',
  sellValue: '_sell_value',
  sellWorth: '_sell_worth',
  /** The guest's device id (ADR 010), sent as `X-Device-Id`. */
  deviceId: 'deviceId',
} as const;

/** sessionStorage keys: one tab's work in progress (the appraisal page's state, a buy action waiting for sign-in). */
export const SESSION_KEYS = {
  appraisalState: 'appraisalState',
  reloadedAt: 'db.chunkReloadAt',
  /** The action a guest started before signing in (Buy, Get Started, Hire a broker, the registrar enquiry). */
  pendingBuy: 'pendingBuyAction',
  /** The card a lead was just paid with ({leadUID, brand, last4}): the page after payment shows it. */
  paidCard: 'db.paidCard',
  /** The state of a Sign in with LinkedIn this tab started (compared when the provider sends it back). */
  linkedinState: 'db.linkedinState',
  /** An unsubscribe link's parameters, kept once they leave the address bar. */
  unsubscribe: 'db.unsubscribe',
} as const;

/**
 * What survives a logout: the email, recent searches and the registrar data
 * (docs/product.md "Session and logout").
 */
export const KEPT_ON_LOGOUT: readonly string[] = [
  STORAGE_KEYS.userEmail,
  STORAGE_KEYS.recentSearchedDomains,
  STORAGE_KEYS.registrarUID,
  STORAGE_KEYS.registrarDetail,
  // the language choice is a device preference, not account data
  STORAGE_KEYS.locale,
  // the guest device id the appraisal limits count by: signing out must not hand out a fresh allowance
  STORAGE_KEYS.deviceId,
];

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeString(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // storage full or blocked: the app keeps working from memory
  }
}

export function remove(key: string): void {
  store()?.removeItem(key);
}

/** A stored JSON value; a value that fails to decode is removed (docs/product.md "Start-up"). */
export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    remove(key);
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** Clears local storage except the keys a logout keeps. */
export function clearForLogout(): void {
  const s = store();
  if (!s) return;
  const keep = new Map<string, string>();
  for (const key of KEPT_ON_LOGOUT) {
    const value = s.getItem(key);
    if (value !== null) keep.set(key, value);
  }
  s.clear();
  for (const [key, value] of keep) s.setItem(key, value);
}
