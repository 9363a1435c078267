/**
 * `pnpm backup` and `pnpm restore` (docs/operations.md "Backups"). A backup is ONE tar file:
 *
 *   manifest.json              format, engine, when, app version, migration level, row counts, entries
 *   database.dump              PostgreSQL: pg_dump's custom format
 *   database.pglite.tar.gz     or embedded: PGlite's dump of its data folder (without uploads and lock)
 *   uploads/<name>             every uploaded file (DATA_DIR/uploads)
 *
 * A restore reads the whole file and checks every entry's size and SHA-256 against the manifest before
 * it writes anything; a database that already holds tables is replaced only with `force`.
 */
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import serverPackage from '../../package.json' with { type: 'json' };
import { migrationsFolder } from '../db/client.ts';
import { BadBackupError, type TarEntry, TarReader, TarWriter } from './archive.ts';
import {
  dumpPglite,
  dumpPostgres,
  hasPgliteDatabase,
  inspectPglite,
  inspectPostgres,
  lockDataDir,
  type MigrationLevel,
  restorePglite,
  restorePostgres,
  type TableCounts,
} from './engines.ts';

export const FORMAT = 'domain-broker-backup';
export const FORMAT_VERSION = 1;
const DB_ENTRY = { postgres: 'database.dump', pglite: 'database.pglite.tar.gz' } as const;

export type Engine = 'postgres' | 'pglite';

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  engine: Engine;
  createdAt: string;
  appVersion: string;
  migrations: MigrationLevel;
  /** Rows in every table of ours when the dump was taken. */
  counts: TableCounts;
  /** Every entry after the manifest, in order. */
  entries: ManifestEntry[];
}

export interface Target {
  /** Set: PostgreSQL; unset: the embedded database in dataDir. */
  databaseUrl: string | undefined;
  /** DATA_DIR: the embedded database's folder, and the uploads' parent on both engines. */
  dataDir: string;
}

type Say = (line: string) => void;

const engineOf = (t: Target): Engine => (t.databaseUrl ? 'postgres' : 'pglite');
const uploadsDir = (t: Target) => join(resolve(t.dataDir), 'uploads');

/** Uploaded files: the store's names (no dot files: a half-written upload is `.name.tmp`). */
function listUploads(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile() && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export function defaultBackupName(engine: Engine, now = new Date()): string {
  return `domain-broker-${engine}-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar`;
}

/** Writes a backup of the target to `file` (which must not exist). Returns the manifest. */
export async function createBackup(target: Target, file: string, say: Say = () => {}): Promise<Manifest> {
  const engine = engineOf(target);
  const work = mkdtempSync(join(tmpdir(), 'domain-broker-backup-'));
  let release = () => {};
  try {
    const entries: ManifestEntry[] = [];
    let dbBody: { path: string } | { body: Buffer };
    let counts: TableCounts;
    let migrations: MigrationLevel;
    if (engine === 'postgres') {
      const path = join(work, DB_ENTRY.postgres);
      ({ counts, migrations } = await dumpPostgres(target.databaseUrl as string, path));
      entries.push({ name: DB_ENTRY.postgres, size: statSync(path).size, sha256: await sha256File(path) });
      dbBody = { path };
    } else {
      if (!hasPgliteDatabase(target.dataDir))
        throw new Error(`There is no embedded database in ${resolve(target.dataDir)} (DATA_DIR) to back up.`);
      release = lockDataDir(target.dataDir, 'back up');
      const dumped = await dumpPglite(target.dataDir);
      ({ counts, migrations } = dumped);
      entries.push({ name: DB_ENTRY.pglite, size: dumped.dump.length, sha256: sha256(dumped.dump) });
      dbBody = { body: dumped.dump };
    }
    const uploads = uploadsDir(target);
    for (const name of listUploads(uploads)) {
      const path = join(uploads, name);
      entries.push({ name: `uploads/${name}`, size: statSync(path).size, sha256: await sha256File(path) });
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      engine,
      createdAt: new Date().toISOString(),
      appVersion: serverPackage.version,
      migrations,
      counts,
      entries,
    };
    // Written beside, then renamed: a backup file that exists is a whole one.
    const partial = `${file}.partial`;
    const out = await TarWriter.create(partial);
    try {
      await out.addBuffer('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      const [db, ...files] = entries;
      if ('path' in dbBody) await out.addFile(db!.name, dbBody.path, db!.size, db!.sha256);
      else await out.addBuffer(db!.name, dbBody.body);
      for (const f of files)
        await out.addFile(f.name, join(uploads, f.name.slice('uploads/'.length)), f.size, f.sha256);
      await out.finish();
    } catch (e) {
      await out.abort();
      rmSync(partial, { force: true });
      throw e;
    }
    renameSync(partial, file);
    release();
    say(
      `Backed up the ${engine === 'postgres' ? 'PostgreSQL' : 'embedded'} database (${describeCounts(counts)}) and ${files(entries)} to ${file}`,
    );
    return manifest;
  } finally {
    release();
    rmSync(work, { recursive: true, force: true });
  }
}

const files = (entries: ManifestEntry[]) => {
  const n = entries.filter((e) => e.name.startsWith('uploads/')).length;
  return `${n} uploaded file${n === 1 ? '' : 's'}`;
};

function describeCounts(counts: TableCounts): string {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const key = ['users', 'leads', 'payments']
    .filter((t) => t in counts)
    .map((t) => `${t} ${counts[t]}`)
    .join(', ');
  return `${Object.keys(counts).length} tables, ${total} rows${key ? `: ${key}` : ''}`;
}

function parseManifest(text: string): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(text) as Manifest;
  } catch {
    throw new BadBackupError('has a manifest that is not valid JSON (corrupted)');
  }
  const ok =
    m &&
    m.format === FORMAT &&
    (m.engine === 'postgres' || m.engine === 'pglite') &&
    typeof m.createdAt === 'string' &&
    m.migrations &&
    typeof m.migrations.applied === 'number' &&
    m.counts &&
    typeof m.counts === 'object' &&
    Array.isArray(m.entries) &&
    m.entries.length > 0 &&
    m.entries.every(
      (e) => typeof e.name === 'string' && Number.isInteger(e.size) && /^[a-f0-9]{64}$/.test(e.sha256),
    );
  if (!ok) throw new BadBackupError('has a manifest that is not a Domain Broker backup manifest');
  if (m.formatVersion !== FORMAT_VERSION)
    throw new BadBackupError(
      `is backup format version ${m.formatVersion}; this release reads version ${FORMAT_VERSION}`,
    );
  if (m.entries[0]!.name !== DB_ENTRY[m.engine]) throw new BadBackupError('has no database dump');
  for (const e of m.entries.slice(1))
    if (!/^uploads\/[^/\\]+$/.test(e.name) || e.name.includes('..'))
      throw new BadBackupError(`lists an entry it may not hold: ${e.name}`);
  return m;
}

/**
 * Reads the whole file and proves it: a tar whose first entry is our manifest, then exactly the entries
 * the manifest lists, in order, each of the listed size and SHA-256, then the end-of-archive marker.
 */
export async function verifyBackup(
  file: string,
): Promise<{ manifest: Manifest; reader: TarReader; entries: Map<string, TarEntry> }> {
  let reader: TarReader;
  try {
    reader = await TarReader.open(file);
  } catch (e) {
    throw new BadBackupError(`cannot be read: ${(e as Error).message}`);
  }
  try {
    const it = reader.entries();
    let first: IteratorResult<TarEntry>;
    try {
      first = await it.next();
    } catch (e) {
      if (e instanceof BadBackupError && /not a tar/.test(e.message))
        throw new BadBackupError('is not a Domain Broker backup (not a tar archive)');
      throw e;
    }
    if (first.done || first.value.name !== 'manifest.json' || first.value.size > 64 * 1024 * 1024)
      throw new BadBackupError('is not a Domain Broker backup (it has no manifest.json first)');
    const manifest = parseManifest((await reader.read(first.value)).toString('utf8'));
    const entries = new Map<string, TarEntry>();
    let i = 0;
    for await (const entry of it) {
      const expected = manifest.entries[i++];
      if (!expected) throw new BadBackupError(`holds an entry its manifest does not list: ${entry.name}`);
      if (entry.name !== expected.name || entry.size !== expected.size)
        throw new BadBackupError(`does not match its manifest at ${expected.name} (corrupted)`);
      if ((await reader.sha256(entry)) !== expected.sha256)
        throw new BadBackupError(`is corrupted: ${entry.name} does not match its SHA-256 checksum`);
      entries.set(entry.name, entry);
    }
    if (i < manifest.entries.length)
      throw new BadBackupError(`is truncated: ${manifest.entries[i]!.name} and what follows are missing`);
    return { manifest, reader, entries };
  } catch (e) {
    await reader.close();
    throw e;
  }
}

export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

/** Restores a backup into the target. Nothing is written until the file is proven and the target allowed. */
export async function restoreBackup(
  target: Target,
  file: string,
  opts: { force: boolean },
  say: Say = () => {},
): Promise<Manifest> {
  const engine = engineOf(target);
  const { manifest, reader, entries } = await verifyBackup(file);
  let release = () => {};
  const work = mkdtempSync(join(tmpdir(), 'domain-broker-restore-'));
  try {
    say(
      `${file}: a ${manifest.engine} backup of ${manifest.createdAt} (release ${manifest.appVersion}, ${manifest.migrations.applied} migrations; ${describeCounts(manifest.counts)}; ${files(manifest.entries)}): every checksum matches.`,
    );
    if (manifest.engine !== engine)
      throw new RefusedError(
        `Refused: this is a ${manifest.engine === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)'} backup and the configured database is ${engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded (DATA_DIR, no DATABASE_URL)'}. Restore it with the matching configuration.`,
      );
    const known = (
      JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      }
    ).entries.length;
    if (manifest.migrations.applied > known)
      throw new RefusedError(
        `Refused: the backup has ${manifest.migrations.applied} migrations applied and this release knows ${known}: restore it with the release that made it (${manifest.appVersion}) or a newer one.`,
      );

    // What is there now?
    if (engine === 'pglite') release = lockDataDir(target.dataDir, 'restore');
    const current =
      engine === 'postgres'
        ? await inspectPostgres(target.databaseUrl as string)
        : hasPgliteDatabase(target.dataDir)
          ? await inspectPglite(target.dataDir)
          : { counts: {} as TableCounts };
    const uploads = uploadsDir(target);
    const currentUploads = listUploads(uploads);
    const tables = Object.keys(current.counts);
    if (tables.length > 0 || currentUploads.length > 0) {
      const what = describeTarget(current.counts, currentUploads.length, target);
      if (!opts.force)
        throw new RefusedError(
          `Refused: the target is not empty (${what}). Restore into a new database${engine === 'pglite' ? ' (an empty DATA_DIR)' : ''}, or add --force to replace it.`,
        );
      say(`--force: this replaces what is there now (${what}):`);
      const empty = tables.filter((t) => current.counts[t] === 0).length;
      for (const t of tables) if (current.counts[t]! > 0) say(`  ${t}: ${current.counts[t]} rows`);
      if (empty) say(`  and ${empty} empty tables`);
      if (currentUploads.length) say(`  uploads: ${currentUploads.length} files in ${uploads}`);
    }

    // Write: the database first (one transaction on PostgreSQL; staged and swapped on PGlite), then the
    // uploads, staged beside and swapped in.
    const dbEntry = entries.get(DB_ENTRY[engine])!;
    if (engine === 'postgres') {
      const dump = join(work, DB_ENTRY.postgres);
      await reader.copyTo(dbEntry, dump);
      await restorePostgres(target.databaseUrl as string, dump, tables.length > 0);
    } else {
      await restorePglite(target.dataDir, await reader.read(dbEntry));
    }
    const staged = `${uploads}.restoring-${process.pid}`;
    rmSync(staged, { recursive: true, force: true });
    mkdirSync(staged, { recursive: true });
    for (const e of manifest.entries.slice(1))
      await reader.copyTo(entries.get(e.name)!, join(staged, e.name.slice('uploads/'.length)));
    rmSync(uploads, { recursive: true, force: true });
    renameSync(staged, uploads);

    // Prove it: the restored database holds the rows the manifest counted.
    const after =
      engine === 'postgres'
        ? await inspectPostgres(target.databaseUrl as string)
        : await inspectPglite(target.dataDir);
    const wrong = Object.entries(manifest.counts).filter(([t, n]) => after.counts[t] !== n);
    if (wrong.length)
      throw new Error(
        `The restored database does not hold what the backup counted: ${wrong.map(([t, n]) => `${t} ${after.counts[t] ?? 'missing'} instead of ${n}`).join(', ')}`,
      );
    say(`Restored ${describeCounts(after.counts)} and ${files(manifest.entries)}.`);
    return manifest;
  } finally {
    release();
    await reader.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

function describeTarget(counts: TableCounts, uploads: number, target: Target): string {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const where = target.databaseUrl
    ? 'the PostgreSQL database'
    : `the embedded database in ${resolve(target.dataDir)}`;
  return `${where} has ${Object.keys(counts).length} tables with ${total} rows, and ${uploads} uploaded file${uploads === 1 ? '' : 's'}`;
}
