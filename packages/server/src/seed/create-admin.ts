/**
 * `pnpm create-admin --email you@example.com`: migrates the configured database, creates the reference
 * data and an administrator with that address (or finds it), and prints a one-time set-password link
 * (valid 72 hours; running it again issues a new link and retires the previous one). The way to get
 * the first account in production (docs/operations.md).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createAdmin } from '../modules/auth/set-password.ts';
import { ensureReferenceData } from './seed.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } }, strict: true });
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('usage: pnpm create-admin --email you@example.com');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  await ensureReferenceData(database.db);
  const admin = await createAdmin(database.db, email, config.publicUrl, new Date());
  console.log(
    `Administrator ${admin.email}. Set its password (once, before ${admin.expiresAt.toISOString()}):\n  ${admin.url}`,
  );
} finally {
  await database.close();
}
