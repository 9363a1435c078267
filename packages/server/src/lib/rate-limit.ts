/**
 * Fixed-window rate limits stored in the database, so they hold across several server processes.
 * One statement per check: INSERT ... ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count.
 */

import { AppError, type ErrorCode } from '@domain-broker/shared/errors';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

/** A 429 that says when to try again: the app answers it with Retry-After. */
export class RateLimitedError extends AppError {
  constructor(
    public readonly retryAfterSeconds: number,
    code: ErrorCode = 'RATE_LIMITED',
    options: { data?: unknown } = {},
  ) {
    super(code, options);
  }
}

export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 when the window's count exceeds `limit`. */
  hit(key: string, limit: number): Promise<void>;
  /** Counts one hit on `key` and answers the window's count so far (never throws 429). */
  count(key: string): Promise<number>;
  /** Deletes windows that ended before `before`. */
  prune(before: Date): Promise<void>;
}

export function createRateLimiter(db: Db, windowSeconds: number, now: () => Date): RateLimiter {
  const windowMs = windowSeconds * 1000;
  const windowOf = (t: number) => new Date(t - (t % windowMs));
  const count = async (key: string, windowStart: Date) => {
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
    return row?.count ?? 0;
  };
  return {
    async hit(key, limit) {
      const t = now().getTime();
      const windowStart = windowOf(t);
      if ((await count(key, windowStart)) > limit) {
        const retry = Math.ceil((windowStart.getTime() + windowMs - t) / 1000);
        throw new RateLimitedError(retry);
      }
    },
    count: (key) => count(key, windowOf(now().getTime())),
    async prune(before) {
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
    },
  };
}
