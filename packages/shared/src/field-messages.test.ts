import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, fieldMessageCode } from './field-messages.ts';
import { SignupBody } from './schemas/auth.ts';
import { SellDomainBody } from './schemas/sell.ts';

describe('the field-message catalogue', () => {
  it('gives each text one code, and reads a text back to that code', () => {
    const texts = Object.values(FIELD_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [code, text] of Object.entries(FIELD_MESSAGES)) expect(fieldMessageCode(text)).toBe(code);
    expect(fieldMessageCode('Some server text')).toBeUndefined();
  });

  it('names the code of what a schema reports', () => {
    const r = v.safeParse(SignupBody, { email: '', password: 'x', name: 'A' });
    expect(r.success).toBe(false);
    const codes = (r.issues ?? []).map((i) => fieldMessageCode(i.message));
    expect(codes).toContain('EMAIL_EMPTY');
    expect(codes).not.toContain(undefined);
    const sell = v.safeParse(SellDomainBody, {});
    expect((sell.issues ?? []).every((i) => fieldMessageCode(i.message))).toBe(true);
  });

  it('is where the schemas take their texts: no schema writes a catalogue text itself', () => {
    const dir = join(import.meta.dirname, 'schemas');
    const texts = new Set<string>(Object.values(FIELD_MESSAGES));
    const written: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"([^"\n]*)"/g)) {
        const text = (m[1] ?? m[2] ?? '').replace(/\\'/g, "'");
        if (texts.has(text)) written.push(`${file}: ${text}`);
      }
    }
    expect(written).toEqual([]);
  });
});
