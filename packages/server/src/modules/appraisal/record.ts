/**
 * The appraisal record of a domain: the engine's answer with the staff's category percentages, a
 * manual appraisal applied on top, and a per-domain cache in the database.
 *
 * Cache key: (domain, version) where version = engine fingerprint + hash of every category
 * percentage + hash of the domain's manual appraisal. One query reads the version, the cached record
 * and the inputs together, so a hit is one round trip and a change of any input can never serve a
 * stale answer, whatever the timing; the change also deletes the rows it made stale.
 */
import { createHash } from 'node:crypto';
import { type AppraisalResult, applyManualValue, appraise } from '@domain-broker/appraisal';
import type { AppraisalAnswer } from '@domain-broker/shared/schemas/appraisal';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { appraisalCache } from '#server/db/schema/index.ts';

/** What the page shows: the record without the engine's signals, without the counter. */
export type AppraisalRecord = Omit<AppraisalAnswer, 'remaining' | 'limit' | 'renewsAt' | 'signals'>;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Changes whenever the engine's model, rules or texts change: the answers for a few reference names
 * (figures, reasons, type texts). A new deployment with a recalibrated or reworded engine therefore
 * misses the old cache instead of serving it.
 */
export const ENGINE_FINGERPRINT = sha(
  JSON.stringify(
    [
      'example.com',
      'bestinsurancequotes.net',
      'a1-x9.xyz',
      'google-shop.io',
      'cloudkitchen.co',
      'zqxjv.ca',
      'dreamhome.com',
      'sunnybakery.com',
    ].map((d) => {
      const r = appraise(d);
      return [
        r.appraised_value,
        r.saw_appraised_value,
        r.range,
        r.confidence,
        r.description,
        r.appraisalTypes,
        r.manualReviewRequire,
      ];
    }),
  ),
).slice(0, 16);

export interface ManualEntry {
  uid: string;
  manualValue: number;
  isBlocked: boolean;
}

interface Lookup {
  version: string;
  record: AppraisalRecord | null;
  categories: Record<string, number>;
  manual: ManualEntry | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** One round trip: the current version of the domain's inputs, the cached record for it, the inputs. */
export async function lookup(db: DbOrTx, domain: string): Promise<Lookup> {
  const result = await db.execute(sql`
    with cats as (
      select coalesce(string_agg(category_id || '=' || percentage, ',' order by category_id), '') as key,
             coalesce(json_object_agg(category_id, percentage), '{}'::json) as map
      from exhibit_conditions where type = 'ExhibitB'
    ),
    m as (
      select uid, manual_value, is_blocked,
             md5(manual_value::text || ':' || is_blocked::text || ':' || uid::text || ':' || extract(epoch from updated_at)::text) as key
      from manual_appraisals where domain_name = ${domain}
    ),
    v as (
      select ${ENGINE_FINGERPRINT} || ':' || md5((select key from cats)) || ':' || coalesce((select key from m), '-') as version
    )
    select v.version,
           (select record from appraisal_cache c where c.domain = ${domain} and c.version = v.version) as record,
           (select map from cats) as categories,
           (select json_build_object('uid', uid, 'manualValue', manual_value, 'isBlocked', is_blocked) from m) as manual
    from v`);
  const row = rowsOf<{
    version: string;
    record: AppraisalRecord | string | null;
    categories: Record<string, number> | string;
    manual: ManualEntry | string | null;
  }>(result)[0]!;
  const parse = <T>(x: T | string): T => (typeof x === 'string' ? (JSON.parse(x) as T) : x);
  return {
    version: row.version,
    record: row.record === null ? null : canonical(parse(row.record)),
    categories: parse(row.categories),
    manual: row.manual === null ? null : parse(row.manual),
  };
}

/** The record's fields in the documented order (jsonb keeps keys sorted its own way). */
export function canonical(r: AppraisalRecord): AppraisalRecord {
  return {
    domain: r.domain,
    tld: r.tld,
    appraised_value: r.appraised_value,
    saw_appraised_value: r.saw_appraised_value,
    saw_appraised_value_formatted: r.saw_appraised_value_formatted,
    appraisalTypes: r.appraisalTypes.map((t) => ({ type: t.type, info: t.info, value: t.value })),
    description: r.description,
    availableExtensions: r.availableExtensions,
    manualReviewRequire: r.manualReviewRequire,
    range: { low: r.range.low, high: r.range.high },
    confidence: r.confidence,
    manualValue: r.manualValue,
  };
}

/** The page's record of an engine answer (the signals and any other extra field stay behind). */
const toRecord = (r: AppraisalResult, manual: boolean): AppraisalRecord =>
  canonical({ ...r, manualValue: manual });

/** Runs the engine with the given inputs (no database). */
export function computeFull(
  domain: string,
  categories: Record<string, number>,
  manual: ManualEntry | null,
): { record: AppraisalRecord; signals: AppraisalResult['signals'] } {
  let r = appraise(domain, { categoryPercentages: categories });
  const useManual = manual !== null && !manual.isBlocked && manual.manualValue > 0;
  if (useManual) r = applyManualValue(r, manual.manualValue);
  return { record: toRecord(r, useManual), signals: r.signals };
}

export type Resolved =
  | { blocked: true }
  | {
      blocked: false;
      record: AppraisalRecord;
      cached: boolean;
      signals?: AppraisalResult['signals'];
      /** Stores the computed record in the cache (the caller runs it, in its own transaction if it has one). */
      storeInCache?: (db: DbOrTx) => Promise<void>;
    };

/**
 * The record of a normalised, supported domain. `withSignals` bypasses the cache (staff only; the
 * cache keeps the page's record, not the 216 signals). On a miss the caller stores the record with
 * `storeInCache` (or `resolveAppraisal` does when `store` is true).
 */
export async function resolveAppraisal(
  db: DbOrTx,
  domain: string,
  opts: { withSignals?: boolean; now?: Date; store?: boolean } = {},
): Promise<Resolved> {
  const withSignals = opts.withSignals ?? false;
  const l = await lookup(db, domain);
  if (l.manual?.isBlocked) return { blocked: true };
  if (l.record && !withSignals) return { blocked: false, record: l.record, cached: true };
  const { record, signals } = computeFull(domain, l.categories, l.manual);
  const storeInCache = l.record
    ? undefined
    : async (tx: DbOrTx) => {
        await tx
          .insert(appraisalCache)
          .values({ domain, version: l.version, record, createdAt: opts.now ?? new Date() })
          .onConflictDoNothing();
      };
  if (storeInCache && opts.store) await storeInCache(db);
  return {
    blocked: false,
    record,
    cached: false,
    ...(withSignals ? { signals } : {}),
    ...(storeInCache && !opts.store ? { storeInCache } : {}),
  };
}

/** A manual appraisal of `domain` changed: its cached answers are stale. */
export async function invalidateDomain(db: DbOrTx, domain: string): Promise<void> {
  await db.execute(sql`delete from appraisal_cache where domain = ${domain}`);
}

/** A category percentage changed: every cached answer is stale. */
export async function invalidateAll(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from appraisal_cache`);
}
