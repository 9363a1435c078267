/**
 * Is a domain name registered? Asked of the registry's RDAP server (RFC 9082/9083), found through
 * IANA's bootstrap registry for DNS (RFC 9224: a JSON file mapping TLDs to RDAP base URLs), or of one
 * configured base URL (RDAP_BASE_URL) for every TLD.
 *
 * 200 from the RDAP server → 'registered'; 404 → 'available'; anything else, a timeout, a network
 * failure, a TLD the bootstrap file does not list → 'unknown'. Never throws: the widget shows neutral
 * wording for 'unknown', and a lookup that fails is never a 500.
 *
 * Both the bootstrap file and the answers are cached in this process (bounded, with TTLs), and
 * concurrent lookups of one name share one request.
 */
import type { Services } from '#server/deps.ts';

export type Availability = 'registered' | 'available' | 'unknown';

export interface AvailabilityChecker {
  check(domainName: string): Promise<Availability>;
}

export interface AvailabilityOptions {
  bootstrapUrl: string;
  baseUrl?: string | undefined;
  timeoutMs: number;
  /** Milliseconds since the epoch; the app's clock in production, a test clock in tests. */
  now?: () => number;
  fetch?: typeof fetch;
  onError?: (err: unknown, url: string) => void;
}

/** How long an answer is kept. A free name may be taken any minute; a taken one rarely frees up. */
export const ANSWER_TTL_MS: Readonly<Record<Availability, number>> = {
  registered: 60 * 60_000,
  available: 5 * 60_000,
  unknown: 30_000,
};
/** IANA updates the bootstrap file a few times a year; a failed fetch is retried after a short pause. */
export const BOOTSTRAP_TTL_MS = 24 * 60 * 60_000;
export const BOOTSTRAP_RETRY_MS = 30_000;
/** At most this many answers are kept; the oldest go first. */
export const ANSWER_CACHE_MAX = 10_000;

/** A small map with expiry and a size bound (insertion order = age). */
class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  constructor(
    private readonly max: number,
    private readonly now: () => number,
  ) {}
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until > this.now()) return hit.value;
    this.entries.delete(key);
    return undefined;
  }
  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + ttlMs });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
  get size(): number {
    return this.entries.size;
  }
}

type Bootstrap = Map<string, string>;

/** The bootstrap file's `services` as TLD → one base URL (https preferred), each ending in '/'. */
export function parseBootstrap(json: unknown): Bootstrap {
  const out: Bootstrap = new Map();
  const services = (json as { services?: unknown } | null)?.services;
  if (!Array.isArray(services)) return out;
  for (const entry of services) {
    if (!Array.isArray(entry) || !Array.isArray(entry[0]) || !Array.isArray(entry[1])) continue;
    const urls = (entry[1] as unknown[]).filter(
      (u): u is string => typeof u === 'string' && /^https?:\/\//i.test(u),
    );
    const base = urls.find((u) => u.toLowerCase().startsWith('https:')) ?? urls[0];
    if (!base) continue;
    for (const tld of entry[0] as unknown[])
      if (typeof tld === 'string') out.set(tld.toLowerCase(), withSlash(base));
  }
  return out;
}

const withSlash = (u: string) => (u.endsWith('/') ? u : `${u}/`);

export function createAvailabilityChecker(options: AvailabilityOptions): AvailabilityChecker {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const answers = new TtlCache<Availability>(ANSWER_CACHE_MAX, now);
  const pending = new Map<string, Promise<Availability>>();
  let bootstrap: { map: Bootstrap; until: number } | undefined;
  let bootstrapLoading: Promise<Bootstrap> | undefined;

  const get = (url: string) =>
    doFetch(url, {
      headers: { accept: 'application/rdap+json, application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'follow',
    });

  const loadBootstrap = async (): Promise<Bootstrap> => {
    if (bootstrap && bootstrap.until > now()) return bootstrap.map;
    bootstrapLoading ??= (async () => {
      let map: Bootstrap = new Map();
      try {
        const res = await get(options.bootstrapUrl);
        if (res.ok) map = parseBootstrap(await res.json());
        else await res.body?.cancel();
      } catch (err) {
        options.onError?.(err, options.bootstrapUrl);
      }
      // An empty map (failed fetch, unreadable file) is kept briefly, so an outage costs one timeout
      // per pause rather than one per visitor.
      bootstrap = { map, until: now() + (map.size ? BOOTSTRAP_TTL_MS : BOOTSTRAP_RETRY_MS) };
      return map;
    })().finally(() => {
      bootstrapLoading = undefined;
    });
    return bootstrapLoading;
  };

  const baseFor = async (domainName: string): Promise<string | undefined> => {
    if (options.baseUrl) return withSlash(options.baseUrl);
    const map = await loadBootstrap();
    // The longest listed suffix wins (the file lists TLDs today; RFC 9224 allows more labels).
    const labels = domainName.split('.');
    for (let i = 1; i < labels.length; i++) {
      const base = map.get(labels.slice(i).join('.'));
      if (base) return base;
    }
    return undefined;
  };

  const lookUp = async (domainName: string): Promise<Availability> => {
    const base = await baseFor(domainName);
    if (!base) return 'unknown';
    const url = `${base}domain/${encodeURIComponent(domainName)}`;
    try {
      const res = await get(url);
      await res.body?.cancel();
      if (res.status === 200) return 'registered';
      if (res.status === 404) return 'available';
      return 'unknown';
    } catch (err) {
      options.onError?.(err, url);
      return 'unknown';
    }
  };

  return {
    async check(domainName) {
      const cached = answers.get(domainName);
      if (cached) return cached;
      const running = pending.get(domainName);
      if (running) return running;
      const promise = lookUp(domainName)
        .catch(() => 'unknown' as const)
        .then((status) => {
          answers.set(domainName, status, ANSWER_TTL_MS[status]);
          return status;
        })
        .finally(() => pending.delete(domainName));
      pending.set(domainName, promise);
      return promise;
    },
  };
}

/** GET /availability: counted against the address's limit, then the (cached) RDAP answer. */
export async function availabilityOf(
  s: Pick<Services, 'rateLimiter' | 'config' | 'availability'>,
  ip: string,
  domainName: string,
) {
  await s.rateLimiter.hit(`availability:ip:${ip}`, s.config.rateLimit.availabilityPerIp);
  return { domainName, status: await s.availability.check(domainName) };
}
