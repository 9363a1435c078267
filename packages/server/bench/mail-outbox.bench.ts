/**
 * The mail outbox draining: MAILS queued mails (the welcome template, rendered at queue time as the
 * product does), sent by the `mail-outbox` job (src/jobs/mail-outbox.ts) over SMTP to the local
 * stand-in (src/test/smtp.ts), on both engines. Prints messages a second; the job is run as the runner
 * runs it (`runNow`), round after round, until the queue is empty. The baseline is the way the outbox
 * sent before: one SMTP connection per message, one message at a time (BASELINE_MAILS of them).
 */
import nodemailer from 'nodemailer';
import { mailOutbox } from '../src/db/schema/index.ts';
import { mailOutboxJob } from '../src/jobs/mail-outbox.ts';
import { createJobRunner } from '../src/jobs/runner.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer, enqueueMail, type MailTransport } from '../src/lib/mail/index.ts';
import { startSmtpStandIn } from '../src/test/smtp.ts';
import { type BenchDatabase, pgDatabase, pgliteDatabase } from './support.ts';

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const BASELINE_MAILS = Number(process.env.BENCH_BASELINE_MAILS ?? 1_000);
const QUEUE_BATCH = 500;

interface Row {
  engine: string;
  way: string;
  queueSeconds: number;
  sendSeconds: number;
  received: number;
}
const rows: Row[] = [];

/** The outbox's sender before: a new connection for every message. */
function unpooled(url: string): MailTransport {
  const t = nodemailer.createTransport(url);
  return { send: async (m) => void (await t.sendMail(m)), close: () => t.close() };
}

async function benchEngine(engine: 'postgres' | 'pglite', way: 'baseline' | 'now') {
  const count = way === 'baseline' ? BASELINE_MAILS : MAILS;
  let handle: BenchDatabase;
  try {
    handle = engine === 'postgres' ? await pgDatabase() : await pgliteDatabase();
  } catch (e) {
    console.log(`${engine}: skipped (${(e as Error).message})`);
    return;
  }
  const smtp = await startSmtpStandIn();
  const { db } = handle.database;
  try {
    await handle.database.migrate();
    const queued = performance.now();
    for (let i = 0; i < count; i += QUEUE_BATCH) {
      await db.transaction(async (tx) => {
        for (let j = i; j < Math.min(count, i + QUEUE_BATCH); j++)
          await enqueueMail(tx, {
            to: `reader${j}@example.com`,
            template: 'welcome',
            locale: 'en',
            data: { name: `Reader ${j}` },
          });
      });
    }
    const queueSeconds = (performance.now() - queued) / 1000;
    const logger = createLogger('silent');
    const mailer = createMailer({
      db,
      logger,
      config: {
        mailTransport: 'smtp',
        smtpUrl: smtp.url,
        mailFrom: 'Domain Broker <no-reply@example.com>',
        publicUrl: 'http://localhost',
      },
    });
    const runner = createJobRunner({ db, logger, jobs: [mailOutboxJob(mailer)] });
    const started = performance.now();
    let sent = 0;
    for (;;) {
      const run = await runner.runNow('mail-outbox');
      if (run.outcome !== 'ok') throw new Error(`the mail job ${run.outcome}: ${run.error}`);
      const n = Number(run.summary?.sent ?? 0);
      if (n === 0) break;
      sent += n;
    }
    const sendSeconds = (performance.now() - started) / 1000;
    await runner.stop();
    mailer.close();
    const left = await db.$count(mailOutbox, undefined);
    if (sent !== count || smtp.received.length !== count)
      throw new Error(
        `sent ${sent}, received ${smtp.received.length} of ${count} (${left} rows in the outbox)`,
      );
    rows.push({
      engine,
      way:
        way === 'baseline'
          ? 'before: a connection per mail, one at a time'
          : 'now: 4 pooled connections, a batch at once',
      queueSeconds,
      sendSeconds,
      received: count,
    });
  } finally {
    await smtp.close();
    await handle.drop();
  }
}

console.log(
  `Mail outbox: ${MAILS} mails (BENCH_MAILS; the baseline ${BASELINE_MAILS}, BENCH_BASELINE_MAILS) through the mail-outbox job to a local SMTP stand-in\n`,
);
for (const engine of ['postgres', 'pglite'] as const) {
  await benchEngine(engine, 'baseline');
  await benchEngine(engine, 'now');
}
const rate = (r: Row) => r.received / r.sendSeconds;
console.log(
  `${'engine'.padEnd(9)} ${'sender'.padEnd(46)} ${'mails'.padStart(7)} ${'queued/s'.padStart(9)} ${'sent/s'.padStart(8)} ${'drain s'.padStart(8)} ${'ratio'.padStart(6)}`,
);
for (const r of rows) {
  const base = rows.find((b) => b.engine === r.engine && b.way.startsWith('before'));
  const ratio = base && base !== r ? (rate(r) / rate(base)).toFixed(1) : '';
  console.log(
    `${r.engine.padEnd(9)} ${r.way.padEnd(46)} ${String(r.received).padStart(7)} ${Math.round(
      r.received / r.queueSeconds,
    )
      .toString()
      .padStart(
        9,
      )} ${Math.round(rate(r)).toString().padStart(8)} ${r.sendSeconds.toFixed(1).padStart(8)} ${ratio.padStart(6)}`,
  );
}
