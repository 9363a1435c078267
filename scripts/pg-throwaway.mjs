// Creates or drops a throwaway PostgreSQL database for one test run.
//   node scripts/pg-throwaway.mjs create   → prints the new database's name
//   node scripts/pg-throwaway.mjs drop NAME
// The server package's `pg` is used so the root needs no dependency of its own.

import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../packages/server/package.json', import.meta.url));
const pg = require('pg');
const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const [cmd, name] = process.argv.slice(2);

const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  if (cmd === 'create') {
    const db = `db_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await client.query(`create database ${db}`);
    process.stdout.write(db);
  } else if (cmd === 'drop' && /^db_test_[a-z0-9_]+$/.test(name ?? '')) {
    await client.query(`drop database if exists ${name} with (force)`);
  } else {
    throw new Error('usage: pg-throwaway.mjs create | drop db_test_…');
  }
} catch (err) {
  console.error(`pg-throwaway: ${err.message}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
