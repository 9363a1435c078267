import { isDeviceId } from '@domain-broker/shared/constants';
import { isAllowedOrigin, type WidgetRegistrar } from '@domain-broker/shared/widget-contract';
import type { FrameParams } from './params.ts';

/** The key the portal uses for its own guest id (ADR 010); the frame keeps its id under the same name. */
const DEVICE_ID_KEY = 'deviceId';

export type Access =
  /** `preview`: the host is the portal itself (the registrar's integration page), which counts no click. */
  | { ok: true; registrarName: string; preview?: boolean }
  | {
      ok: false;
      reason: 'bad-params' | 'ancestor-mismatch' | 'not-found' | 'unavailable' | 'origin-not-allowed';
    };

interface RegistrarAnswer {
  data?: RegistrarData;
}
/** A `WidgetRegistrar` as read from the network or the page: every field still to be checked. */
export type RegistrarData = { [K in keyof WidgetRegistrar]?: unknown };

/**
 * The server puts the registrar's answer into the frame page itself (a `<meta>` it writes while it
 * builds the page's CSP from the same row), which saves the frame a round trip before it can say
 * ready. Anything unreadable counts as absent and the frame asks the API instead.
 */
export function readPreloadedRegistrar(doc: Document): RegistrarData | null {
  const content = doc.querySelector('meta[name="domain-broker-registrar"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const data = JSON.parse(content) as unknown;
    return data && typeof data === 'object' ? (data as RegistrarData) : null;
  } catch {
    return null;
  }
}

/**
 * May this frame show itself to the page that embeds it?
 *
 * The `origin` query parameter is only a claim made by whoever built the URL. It is believed when
 * (1) it is exactly one of the registrar's registered origins, and (2) where the browser tells us the
 * real parent origin (`location.ancestorOrigins`, Chromium and Safari), that parent is the same origin.
 * The server's `frame-ancestors` header enforces the same list in every browser; this check is what
 * lets the frame refuse to render and, above all, refuse to post messages to a page it cannot trust.
 *
 * `self` is the portal's own origin (the frame page's `location.origin`): the portal may show a known
 * registrar's widget as a preview on its integration page (the server's frame-ancestors adds 'self' for
 * a known registrar), and a preview counts no click.
 */
export async function checkAccess(
  params: FrameParams | null,
  deps: {
    fetch: typeof fetch;
    ancestorOrigins?: ArrayLike<string> | null;
    preloaded?: RegistrarData | null;
    self?: string;
  },
): Promise<Access> {
  const known = checkAccessNow(params, deps);
  if (known || !params) return known ?? { ok: false, reason: 'bad-params' };
  let answer: RegistrarAnswer;
  try {
    const res = await deps.fetch(`/api/widget/registrars/${encodeURIComponent(params.registrarId)}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (res.status === 404) return { ok: false, reason: 'not-found' };
    if (!res.ok) return { ok: false, reason: 'unavailable' };
    answer = (await res.json()) as RegistrarAnswer;
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
  return judge(params, answer?.data, deps.self);
}

/**
 * The same verdict as `checkAccess` without waiting, when it needs no request: bad parameters, a parent
 * that is not the claimed origin, or the registrar the server wrote into the page. Null when only the
 * API can tell. This is what lets a cold frame render and say `ready` in the task that runs its script,
 * instead of one empty render and a promise later.
 */
export function checkAccessNow(
  params: FrameParams | null,
  deps: { ancestorOrigins?: ArrayLike<string> | null; preloaded?: RegistrarData | null; self?: string },
): Access | null {
  if (!params) return { ok: false, reason: 'bad-params' };
  const ancestors = deps.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== params.origin) {
    return { ok: false, reason: 'ancestor-mismatch' };
  }
  if (deps.preloaded && deps.preloaded.UID === params.registrarId)
    return judge(params, deps.preloaded, deps.self);
  return null;
}

function judge(params: FrameParams, data: RegistrarData | undefined, self: string | undefined): Access {
  const preview = !!self && params.origin === self;
  if (!preview && !isAllowedOrigin(params.origin, data?.allowedOrigins))
    return { ok: false, reason: 'origin-not-allowed' };
  const name = data?.name;
  const registrarName = typeof name === 'string' ? name.slice(0, 80) : '';
  return preview ? { ok: true, registrarName, preview } : { ok: true, registrarName };
}

/**
 * The visitor's id for click counting, kept in the frame's own localStorage (made once, random).
 * Browsers partition a third-party frame's storage by the embedding site, so the id is stable per
 * visitor and registrar site, which is the scope a click is counted in. Null when storage is out of
 * reach (blocked, private mode) or when the page is not a secure context: the server then counts by
 * address and browser.
 */
export function visitorId(storage: () => Pick<Storage, 'getItem' | 'setItem'>): string | null {
  try {
    const store = storage();
    const stored = store.getItem(DEVICE_ID_KEY);
    if (isDeviceId(stored)) return stored;
    const id = crypto.randomUUID();
    store.setItem(DEVICE_ID_KEY, id);
    // an id that does not stay would count every page as a new visitor: better none
    return store.getItem(DEVICE_ID_KEY) === id ? id : null;
  } catch {
    return null;
  }
}

/**
 * Records one widget view for the registrar (spec: POST /updateClicks/{registrarId}?dn={domainName},
 * body { domainName }), with the visitor's id as `X-Device-Id`. The server counts one per visitor,
 * registrar, domain and day; a 203 answer means the registrar's budget is low, which changes nothing
 * in the frame. Failures are ignored: a missed count must never break the offer.
 */
export async function recordClick(
  doFetch: typeof fetch,
  registrarId: string,
  domainName: string,
  deviceId?: string | null,
): Promise<number | null> {
  try {
    const res = await doFetch(
      `/api/updateClicks/${encodeURIComponent(registrarId)}?dn=${encodeURIComponent(domainName)}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(deviceId ? { 'x-device-id': deviceId } : {}),
        },
        credentials: 'same-origin',
        body: JSON.stringify({ domainName }),
      },
    );
    return res.status;
  } catch {
    return null;
  }
}

/** What `GET /api/availability` says about a searched name ('unknown' whenever it cannot say). */
export type Availability = 'registered' | 'available' | 'unknown';

/**
 * Asks the portal whether `domainName` is registered (the server looks it up over RDAP, with its own
 * timeout and cache). Any failure, including a refusal or a rate limit, is 'unknown': the frame then
 * words its offer neutrally instead of claiming the name is taken.
 */
export async function checkAvailability(doFetch: typeof fetch, domainName: string): Promise<Availability> {
  try {
    const res = await doFetch(`/api/availability?domain=${encodeURIComponent(domainName)}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    const status = res.ok ? ((await res.json()) as { data?: { status?: unknown } })?.data?.status : null;
    return status === 'registered' || status === 'available' ? status : 'unknown';
  } catch {
    return 'unknown';
  }
}
