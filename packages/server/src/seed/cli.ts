/**
 * `pnpm seed`: migrates and seeds the configured database with the demo accounts (idempotent).
 * Refused in production: production starts with no account but the administrator created by
 * `pnpm create-admin` or ADMIN_EMAIL (docs/operations.md).
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createPasswordHasher } from '../lib/crypto.ts';
import { demoLoginsText, seed } from './seed.ts';

const config = loadConfig();
if (config.isProduction) {
  console.error(
    'Refused: demo accounts are never seeded in production (NODE_ENV=production). Create the administrator with `pnpm create-admin --email you@example.com`.',
  );
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const { created } = await seed(
    database.db,
    createPasswordHasher(config.passwordHashCost),
    config.demoPassword,
  );
  console.log(
    created.length
      ? `Seeded ${created.length} demo accounts.`
      : 'Demo data already present: nothing changed.',
  );
  if (!config.isProduction) console.log(`Demo logins:\n${demoLoginsText(config.demoPassword)}`);
} finally {
  await database.close();
}
