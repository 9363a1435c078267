/** `pnpm seed`: migrates and seeds the configured database (idempotent). */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createPasswordHasher } from '../lib/crypto.ts';
import { demoLoginsText, seed } from './seed.ts';

const config = loadConfig();
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
