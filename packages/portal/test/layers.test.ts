/**
 * Layer rules of the portal (docs/decisions/031-portal-shell.md): a feature never imports
 * another feature's files (what two features share lives in src/lib or src/components), and src/lib
 * never imports src/features or src/app. Biome's noRestrictedImports holds the lib rule while editing
 * (biome.json); this test holds both, on the resolved paths of every relative or `#portal/` import and import().
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes(`${sep}locales${sep}`)
      ? [path]
      : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]((?:\.|#portal\/)[^'"]+)['"]|import\(\s*['"]((?:\.|#portal\/)[^'"]+)['"]\s*\)/g;

/** A relative import, or the package's `#portal/*` alias (package.json `imports`: src/*), as a file path. */
const target = (file: string, spec: string) =>
  spec.startsWith('#portal/') ? join(src, spec.slice('#portal/'.length)) : resolve(dirname(file), spec);

/** Every relative import of a file, as a path inside src/ (e.g. `features/auth/hooks/auth-outcome.ts`). */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) =>
    relative(src, target(file, m[1] ?? m[2]!))
      .split(sep)
      .join('/'),
  );
}

const files = sourceFiles(src).map((file) => ({ path: relative(src, file).split(sep).join('/'), file }));

describe('portal layers', () => {
  it('finds the source files and their imports', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(imports(join(src, 'app/app.tsx')).some((p) => p.startsWith('lib/'))).toBe(true);
  });

  it('a feature imports no other feature', () => {
    const crossings: string[] = [];
    for (const { path, file } of files) {
      const own = /^features\/([^/]+)\//.exec(path)?.[1];
      if (!own) continue;
      for (const target of imports(file)) {
        const other = /^features\/([^/]+)\//.exec(target)?.[1];
        if (other && other !== own) crossings.push(`${path} → ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('src/lib imports neither features nor the app shell', () => {
    const upward = files
      .filter(({ path }) => path.startsWith('lib/'))
      .flatMap(({ path, file }) =>
        imports(file)
          .filter((target) => target.startsWith('features/') || target.startsWith('app/'))
          .map((target) => `${path} → ${target}`),
      );
    expect(upward).toEqual([]);
  });
});
