/**
 * Housekeeping of the account tables: rate-limit windows, sessions and email codes stop mattering a
 * day after they end. main.ts runs it every ten minutes; any process may run it (the deletes are
 * idempotent), so several processes need no coordination.
 */
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailCodes, rateLimits, sessions } from '../db/schema/index.ts';

const DAY = 86_400_000;

export async function pruneExpired(
  db: Db,
  now: Date,
): Promise<{ rateLimits: number; sessions: number; codes: number }> {
  const dayAgo = new Date(now.getTime() - DAY);
  const rl = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, dayAgo))
    .returning({ k: rateLimits.key });
  const s = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, dayAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo))),
    )
    .returning({ k: sessions.tokenHash });
  const c = await db
    .delete(emailCodes)
    .where(
      or(lt(emailCodes.expiresAt, dayAgo), and(isNotNull(emailCodes.usedAt), lt(emailCodes.usedAt, dayAgo))),
    )
    .returning({ k: emailCodes.uid });
  return { rateLimits: rl.length, sessions: s.length, codes: c.length };
}

export function startMaintenance(
  db: Db,
  logger: { warn(o: unknown, m?: string): void; debug(o: unknown, m?: string): void },
  everyMs = 10 * 60_000,
): () => void {
  const run = () =>
    pruneExpired(db, new Date()).then(
      (n) => logger.debug(n, 'pruned expired rows'),
      (err) => logger.warn({ err }, 'pruning expired rows failed'),
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
