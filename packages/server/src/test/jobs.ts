/**
 * A job runner over the scheduled jobs as one server process would have it (src/jobs/scheduled.ts),
 * for tests that play two processes on one database: each gets its own holder and its own clock.
 */
import type { Db } from '#server/db/client.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { scheduledJobs } from '#server/jobs/scheduled.ts';
import { createLogger } from '#server/lib/logger.ts';
import { enqueueMail } from '#server/lib/mail/index.ts';

export const TEST_PUBLIC_URL = 'https://broker.example';

export function scheduledRunner(db: Db, holder: string, now: () => Date) {
  const jobs = scheduledJobs({
    db,
    publicUrl: TEST_PUBLIC_URL,
    enqueueMail: (tx, mail) => enqueueMail(tx, mail, TEST_PUBLIC_URL),
    holder,
    onMailQueued: () => {},
  });
  return createJobRunner({ db, logger: createLogger('silent'), jobs, holder, now });
}
