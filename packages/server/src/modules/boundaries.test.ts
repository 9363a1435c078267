/**
 * Module boundaries of the server (docs/architecture.md "Module boundaries"): a module imports another
 * module only along an edge listed in ALLOWED_EDGES, and a table is written (insert, update, delete,
 * in Drizzle or in SQL) only by the files of its owner in OWNERS. Read from the source text of every
 * non-test file: the resolved relative and `#server/` imports, and the table each write names.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Who may import whom, module to module (`a → b`: a file of modules/a imports one of modules/b). A new
 * edge is a design decision: add it here and keep the graph one-way where it is one-way today (leads
 * never imports consultant: the broker's work reads through leads/present.ts).
 */
const ALLOWED_EDGES = [
  // the route gates (auth/middleware.ts) and the session lookup
  'appraisal → auth',
  'consultant → auth',
  'contact → auth',
  'ebook → auth',
  'enquiries → auth',
  'exhibit-conditions → auth',
  'files → auth',
  'jobs-admin → auth',
  'leads → auth',
  'mail-preferences → auth',
  'manual-appraisal → auth',
  'opportunities → auth',
  'payments → auth',
  'profile → auth',
  'promo → auth',
  'reconciliation → auth',
  'registrar → auth',
  'registrar-ledger → auth',
  'selling → auth',
  'users → auth',
  'webhooks → auth',
  // the account tables' owner (profile/accounts.ts) and its read model (profile/service.ts)
  'auth → profile',
  'enquiries → profile',
  'leads → profile',
  'selling → profile',
  'users → profile',
  // a lead and its events, timeline and presentation (leads/service.ts, leads/present.ts)
  'consultant → leads',
  'ebook → leads',
  'enquiries → leads',
  'opportunities → leads',
  'payments → leads',
  'promo → leads',
  'users → leads',
  // paying a lead (payments/fulfil.ts, refunds.ts) and assigning its broker
  'consultant → payments',
  'promo → payments',
  'users → payments',
  // everything else
  'auth → enquiries',
  'auth → promo',
  'consultant → opportunities',
  'enquiries → promo',
  'enquiries → registrar',
  'exhibit-conditions → appraisal',
  'leads → webhooks',
  'manual-appraisal → appraisal',
  'users → registrar',
  'widget → registrar',
];

/**
 * The owner of each table: the only files that write it. A module owns the tables of its feature; the
 * lib/ owners are the pieces every module uses without knowing the features (mail, leases, limits).
 */
const OWNERS: Record<string, string> = {
  users: 'modules/profile/',
  user_roles: 'modules/profile/',
  roles: 'modules/profile/',
  sessions: 'modules/auth/',
  email_codes: 'modules/auth/',
  enquiries: 'modules/enquiries/',
  leads: 'modules/leads/',
  lead_events: 'modules/leads/',
  lead_timeline_entries: 'modules/leads/',
  consultant_badges: 'modules/leads/',
  lead_opportunities: 'modules/opportunities/',
  ebook_downloads: 'modules/ebook/',
  payments: 'modules/payments/',
  payment_webhook_events: 'modules/payments/',
  promo_codes: 'modules/promo/',
  promo_redemptions: 'modules/promo/',
  registrars: 'modules/registrar/',
  registrar_clicks: 'modules/registrar/',
  registrar_click_days: 'modules/registrar/',
  registrar_payouts: 'modules/registrar-ledger/',
  webhook_endpoints: 'modules/webhooks/',
  webhook_deliveries: 'modules/webhooks/',
  appraisal_counters: 'modules/appraisal/',
  appraisal_history: 'modules/appraisal/',
  appraisal_cache: 'modules/appraisal/',
  appraisal_certificates: 'modules/appraisal/',
  manual_appraisals: 'modules/manual-appraisal/',
  exhibit_conditions: 'modules/exhibit-conditions/',
  sell_submissions: 'modules/selling/',
  seller_domains: 'modules/selling/',
  contact_requests: 'modules/contact/',
  mail_opt_outs: 'modules/mail-preferences/',
  used_mail_tokens: 'modules/mail-preferences/',
  mail_outbox: 'lib/mail/',
  app_secrets: 'lib/mail/',
  rate_limits: 'lib/rate-limit.ts',
  scheduler_leases: 'lib/lease.ts',
  scheduled_job_runs: 'lib/lease.ts',
  job_runs: 'jobs/',
  sandbox_payment_methods: 'lib/payments/',
  sandbox_payment_intents: 'lib/payments/',
  sandbox_refunds: 'lib/payments/',
  sandbox_events: 'lib/payments/',
};

/** Writes outside the owner that are meant: `file table`, with the reason beside each. */
const FOREIGN_WRITES = [
  // the housekeeping job every process runs (jobs/housekeeping.ts): deletes what ended a day ago
  'jobs/housekeeping.ts email_codes',
  'jobs/housekeeping.ts sessions',
  'jobs/housekeeping.ts rate_limits',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const inSrc = (path: string) => relative(src, path).split(sep).join('/');
/** Every file but the tests' helpers (src/test), the seed and the database's own code. */
const files = sourceFiles(src)
  .map((file) => ({ file, path: inSrc(file), text: readFileSync(file, 'utf8') }))
  .filter(({ path }) => !/^(test|seed|db)\//.test(path));

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/** The imports of a file inside src/, as paths from src/ (e.g. `modules/leads/service.ts`). */
function imports(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)].flatMap((m) => {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    if (spec.startsWith('.')) return [inSrc(resolve(dirname(file), spec))];
    if (spec.startsWith('#server/')) return [spec.slice('#server/'.length)];
    return [];
  });
}

const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];

/** `a → b` for every import of a module's file into another module, with the files that make it. */
function moduleEdges(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const { file, path, text } of files) {
    const own = moduleOf(path);
    if (!own) continue;
    for (const target of imports(file, text)) {
      const other = moduleOf(target);
      if (!other || other === own) continue;
      const edge = `${own} → ${other}`;
      edges.set(edge, [...(edges.get(edge) ?? []), `${path} → ${target}`]);
    }
  }
  return edges;
}

/** The tables by the name the code gives them (`leads`) and by their SQL name (`lead_events`). */
const tables = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)] as [string, string]] : [],
  ),
);
const sqlNames = new Set(tables.values());

const DRIZZLE_WRITE = /\.(?:insert|update|delete)\(\s*(?:schema\.)?([A-Za-z_$][\w$]*)\s*\)/g;
const SQL_WRITE =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*([A-Za-z_$][\w$]*)\s*\}|"?([a-z_]+)"?)/gi;

/** Every table a file writes, as `path table`. */
function writes(path: string, text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(DRIZZLE_WRITE)) {
    const table = tables.get(m[1]!);
    if (table) found.add(table);
  }
  for (const m of text.matchAll(SQL_WRITE)) {
    const table = m[1] ? tables.get(m[1]) : m[2]?.toLowerCase();
    if (table && sqlNames.has(table)) found.add(table);
  }
  return [...found].map((table) => `${path} ${table}`);
}

const allWrites = files.flatMap(({ path, text }) => writes(path, text));

describe('server module boundaries', () => {
  it('finds the modules, their imports and their writes', () => {
    expect(files.filter((f) => moduleOf(f.path)).length).toBeGreaterThan(80);
    expect(moduleEdges().get('consultant → leads')?.length).toBeGreaterThan(0);
    expect(allWrites).toContain('modules/leads/service.ts leads');
    expect(allWrites).toContain('modules/registrar/service.ts registrar_clicks');
  });

  it('a module imports another only along an allowed edge', () => {
    const unlisted = [...moduleEdges()]
      .filter(([edge]) => !ALLOWED_EDGES.includes(edge))
      .flatMap(([, via]) => via);
    expect(unlisted).toEqual([]);
  });

  it('every allowed edge is still used (the list says what the code does)', () => {
    const edges = moduleEdges();
    expect(ALLOWED_EDGES.filter((edge) => !edges.has(edge))).toEqual([]);
  });

  it('every table has an owner', () => {
    expect([...sqlNames].filter((t) => !OWNERS[t]).sort()).toEqual([]);
  });

  it("only a table's owner writes it", () => {
    const foreign = allWrites.filter((w) => {
      const [path, table] = w.split(' ') as [string, string];
      return !path.startsWith(OWNERS[table] ?? '\0') && !FOREIGN_WRITES.includes(w);
    });
    expect(foreign).toEqual([]);
  });
});
