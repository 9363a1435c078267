/** The start/stop hook main.ts calls: the weekly report scheduler of this process (ADR 010). */

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { MailRequest } from '../../lib/mail/types.ts';
import { createAppraisalScheduler } from './weekly-report.ts';

export interface SchedulerHook {
  stop(): Promise<void>;
}

/**
 * Starts the scheduler unless APPRAISAL_SCHEDULER=false. Every process may run one: the lease in the
 * database lets one of them do the work, and the job's run row makes each week happen once.
 */
export function startAppraisalScheduler(opts: {
  db: Db;
  config: Config;
  logger: Logger;
  enqueueMail: (tx: DbOrTx, mail: MailRequest, publicUrl?: string) => Promise<void>;
  onMailQueued?: () => void;
}): SchedulerHook {
  if (!opts.config.appraisal.scheduler) return { stop: async () => {} };
  const scheduler = createAppraisalScheduler({
    db: opts.db,
    logger: opts.logger,
    publicUrl: opts.config.publicUrl,
    holder: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
    enqueueMail: (tx, mail) => opts.enqueueMail(tx, mail, opts.config.publicUrl),
    ...(opts.onMailQueued ? { onMailQueued: opts.onMailQueued } : {}),
  });
  scheduler.start();
  return scheduler;
}
