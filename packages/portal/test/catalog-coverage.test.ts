/**
 * A screen shows a message only if a catalog it loaded holds it: the shell's catalog (`app`, loaded
 * first) or its feature's. A shared module that another catalog takes (so it is not in `app`) must
 * also be in the catalog of every feature that imports it, or that feature shows the bare message id
 * (the registrar enquiry once showed '/L3DiJ'). This follows each catalog's static imports through
 * the shared modules and fails on such a gap.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../lingui.config.ts';

interface Catalog {
  path: string;
  include: string[];
  exclude: string[];
}
const root = resolve(import.meta.dirname, '..');
const catalogs = (config.catalogs ?? []) as Catalog[];
const nameOf = (c: Catalog) => c.path.split('/').at(-1) as string;
const abs = (p: string) => p.replace('<rootDir>', root).replace(/\/\*\*$/, '');

const matches = (file: string, pattern: string) =>
  pattern === '**/*.test.*'
    ? /\.test\./.test(file)
    : file === abs(pattern) || file.startsWith(`${abs(pattern)}/`);
const inCatalog = (file: string, c: Catalog) =>
  c.include.some((p) => matches(file, p)) && !c.exclude.some((p) => matches(file, p));

const isSource = (f: string) => /\.(ts|tsx)$/.test(f) && !/\.test\./.test(f);
function filesUnder(p: string): string[] {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return isSource(p) ? [p] : [];
  return readdirSync(p).flatMap((n) => filesUnder(join(p, n)));
}

const text = new Map<string, string>();
const read = (f: string) => text.get(f) ?? (text.set(f, readFileSync(f, 'utf8')), text.get(f) as string);
/** Lingui's macros and components: the module has messages of its own. */
const hasMessages = (f: string) => /\b(msg|t)`|<Trans[\s>]|<Plural[\s>]|\bdefineMessage\(/.test(read(f));
/** Static imports only: a lazily loaded part brings its own catalog (checkout-deferred). */
function importsOf(f: string): string[] {
  const out: string[] = [];
  for (const m of read(f).matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+|#portal\/[^']+)'/gms)) {
    if (/^import\s+type\s/.test(m[0])) continue;
    const spec = m[1] as string;
    // `#portal/*` is the package's alias for src/* (package.json `imports`)
    const target = spec.startsWith('#portal/')
      ? join(root, 'src', spec.slice('#portal/'.length))
      : resolve(dirname(f), spec);
    if (isSource(target) && existsSync(target)) out.push(target);
  }
  return out;
}

/** Catalogs a screen loads together with its own (ensureCatalog in the route table and the pages). */
const LOADED_WITH: Record<string, string[]> = {
  // the parts that load after the checkout form is drawn, on the checkout page
  'checkout-deferred': ['checkout'],
  // /sell draws the public pages' editable sections
  sell: ['public-content'],
};

/** Deliberate gaps, each with its reason. */
const KNOWN_GAPS: Record<string, string[]> = {
  // The checkout takes the form kit but not the form and server message lists (about 200 messages):
  // the few it can show are in its own map (features/checkout/components/messages.ts). Its server
  // answers' texts are read by the submit step, which loads with the deferred catalog.
  checkout: [
    'src/lib/form-messages.ts',
    'src/lib/server-messages.ts',
    'src/features/checkout/utils/server-texts.ts',
  ],
  'checkout-deferred': ['src/lib/form-messages.ts'],
  // The buyer's dashboard shows its form messages in its own map (features/dashboard/utils/messages.ts), so the
  // whole form-message list stays out of it.
  dashboard: ['src/lib/form-messages.ts'],
};

const byName = (name: string) => catalogs.find((c) => nameOf(c) === name) as Catalog;
const app = byName('app');

describe('every catalog holds the messages of the shared modules its screens import', () => {
  for (const c of catalogs.filter((x) => x !== app)) {
    it(nameOf(c), () => {
      const loaded = [app, c, ...(LOADED_WITH[nameOf(c)] ?? []).map(byName)];
      const gaps = new Set<string>();
      const seen = new Set<string>();
      const queue = c.include.flatMap((p) => filesUnder(abs(p))).filter((f) => inCatalog(f, c));
      expect(queue.length).toBeGreaterThan(0);
      while (queue.length) {
        const f = queue.pop() as string;
        if (seen.has(f)) continue;
        seen.add(f);
        if (hasMessages(f) && !loaded.some((l) => inCatalog(f, l))) gaps.add(f.slice(root.length + 1));
        queue.push(...importsOf(f));
      }
      const allowed = KNOWN_GAPS[nameOf(c)] ?? [];
      expect([...gaps].filter((g) => !allowed.includes(g)).sort()).toEqual([]);
    });
  }
});
