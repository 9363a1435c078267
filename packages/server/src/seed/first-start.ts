/**
 * What main.ts does to the database after the migrations (docs/operations.md):
 * - the reference data every database needs (roles, appraisal categories), always;
 * - demo accounts on the first start of an empty embedded database, outside production only;
 * - ADMIN_EMAIL: an administrator with a one-time set-password link, printed once, when no account
 *   has that address yet.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, isEmpty } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { PasswordHasher } from '../lib/crypto.ts';
import type { Logger } from '../lib/logger.ts';
import { createAdmin } from '../modules/auth/set-password.ts';
import { ensureReferenceData, seed } from './seed.ts';

export async function prepareDatabase(opts: {
  database: Pick<Database, 'db' | 'kind'>;
  config: Pick<Config, 'isProduction' | 'demoPassword' | 'adminEmail' | 'publicUrl'>;
  hasher: PasswordHasher;
  logger: Pick<Logger, 'info'>;
  /** Where the set-password link goes (stdout: never the JSON log). */
  print?: (line: string) => void;
  now?: Date;
}): Promise<{ demoAccounts: number; adminLink?: string }> {
  const { database, config, hasher, logger } = opts;
  const print = opts.print ?? ((line: string) => console.log(line));
  const now = opts.now ?? new Date();
  const empty = await isEmpty(database.db);
  await ensureReferenceData(database.db);
  let demoAccounts = 0;
  if (!config.isProduction && database.kind === 'pglite' && empty) {
    demoAccounts = (await seed(database.db, hasher, config.demoPassword, now)).created.length;
    logger.info({ accounts: demoAccounts }, 'seeded demo data into the new embedded database');
  }
  const adminExists = async (email: string) =>
    (await database.db.select({ uid: users.uid }).from(users).where(eq(users.email, email)).limit(1)).length >
    0;
  if (config.adminEmail && !(await adminExists(config.adminEmail))) {
    const admin = await createAdmin(database.db, config.adminEmail, config.publicUrl, now);
    logger.info({ expiresAt: admin.expiresAt.toISOString() }, 'created the administrator from ADMIN_EMAIL');
    print(
      `\nAdministrator ${admin.email} created. Set its password (once, before ${admin.expiresAt.toISOString()}):\n  ${admin.url}\n`,
    );
    return { demoAccounts, adminLink: admin.url };
  }
  return { demoAccounts };
}
