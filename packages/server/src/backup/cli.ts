/**
 * `pnpm backup [--out FILE|FOLDER]` and `pnpm restore FILE [--force]` (docs/operations.md "Backups"),
 * configured like the server: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded), and DATA_DIR/uploads.
 * In production, after `pnpm build`: `node packages/server/dist/backup.js backup|restore …`.
 * Exit codes: 0 done, 1 refused or failed (nothing written when refused), 2 usage.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { BadBackupError } from './archive.ts';
import { createBackup, defaultBackupName, restoreBackup } from './backup.ts';

const USAGE = 'usage: pnpm backup [--out FILE|FOLDER]\n       pnpm restore FILE [--force]';

// pnpm runs the script in packages/server: paths the operator typed are relative to where they typed them.
const here = (p: string) => resolve(process.env.INIT_CWD ?? process.cwd(), p);
let backupFile = 'the file';
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { out: { type: 'string' }; force: { type: 'boolean' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      args: rest,
      options: { out: { type: 'string' }, force: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const started = performance.now();
  if (command === 'backup' && positionals.length === 0 && !values.force) {
    const engine = target.databaseUrl ? 'postgres' : 'pglite';
    let file = here(values.out ?? '.');
    if (existsSync(file) && statSync(file).isDirectory()) file = resolve(file, defaultBackupName(engine));
    if (existsSync(file)) {
      console.error(`Refused: ${file} already exists.`);
      return 1;
    }
    await createBackup(target, file, (l) => console.log(l));
    console.log(`Done in ${seconds(started)}.`);
    return 0;
  }
  if (command === 'restore' && positionals.length === 1 && values.out === undefined) {
    const file = here(positionals[0]!);
    backupFile = file;
    await restoreBackup(target, file, { force: values.force === true }, (l) => console.log(l));
    console.log(`Done in ${seconds(started)}. Start the server: it applies any newer migrations.`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof BadBackupError) console.error(`Refused: ${backupFile} ${e.message}. Nothing was written.`);
  else console.error((e as Error).message);
  process.exitCode = 1;
}
