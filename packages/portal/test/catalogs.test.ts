import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES_DIR = join(import.meta.dirname, '..', 'src', 'locales');

interface Entry {
  msgid: string;
  msgstr: string;
  obsolete: boolean;
}

/** Reads the entries of a .po file: msgid / msgstr with their continuation lines. */
export function parsePo(text: string): Entry[] {
  const entries: Entry[] = [];
  let current: { msgid: string; msgstr: string; obsolete: boolean } | null = null;
  let field: 'msgid' | 'msgstr' | null = null;
  const unquote = (s: string) => JSON.parse(s) as string;
  const flush = () => {
    if (current && current.msgid !== '') entries.push(current);
    current = null;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const obsolete = raw.startsWith('#~ ');
    const line = obsolete ? raw.slice(3) : raw;
    if (line.startsWith('msgid ')) {
      flush();
      current = { msgid: unquote(line.slice(6)), msgstr: '', obsolete };
      field = 'msgid';
    } else if (line.startsWith('msgstr ') && current) {
      current.msgstr = unquote(line.slice(7));
      field = 'msgstr';
    } else if (line.startsWith('"') && current && field) {
      current[field] += unquote(line);
    } else if (line.trim() === '') {
      flush();
    }
  }
  flush();
  return entries;
}

const zhCatalogs = readdirSync(join(LOCALES_DIR, 'zh')).filter((f) => f.endsWith('.po'));

describe('Chinese catalogs', () => {
  it('exist for the app and the content pages', () => {
    expect(zhCatalogs).toEqual(expect.arrayContaining(['app.po', 'content.po']));
  });

  it('reads multi-line entries', () => {
    const entries = parsePo('msgid ""\nmsgstr ""\n"Language: zh\\n"\n\nmsgid "A"\n"B"\nmsgstr ""\n"甲乙"\n');
    expect(entries).toEqual([{ msgid: 'AB', msgstr: '甲乙', obsolete: false }]);
  });

  for (const file of zhCatalogs) {
    it(`translate every message of ${file}`, () => {
      const entries = parsePo(readFileSync(join(LOCALES_DIR, 'zh', file), 'utf8')).filter((e) => !e.obsolete);
      expect(entries.length).toBeGreaterThan(0);
      const missing = entries.filter((e) => e.msgstr.trim() === '').map((e) => e.msgid);
      expect(missing, `${missing.length} untranslated message(s) in zh/${file}`).toEqual([]);
    });
  }
});

describe('Chinese messages keep their figures', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)[^}]*\}/g)].map((m) => m[1]).sort();
  for (const file of zhCatalogs) {
    it(`every placeholder of ${file} (prices come from the pricing module through them)`, () => {
      const entries = parsePo(readFileSync(join(LOCALES_DIR, 'zh', file), 'utf8')).filter((e) => !e.obsolete);
      const broken = entries
        .filter((e) => e.msgstr && placeholders(e.msgid).join() !== placeholders(e.msgstr).join())
        .map((e) => e.msgid);
      expect(broken).toEqual([]);
    });
  }
});
