import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');

describe('cli', () => {
  it('writes domain,value for valid lines and notes skipped ones on stderr', () => {
    const input = 'Cars.com\n\nnot a domain\nhttps://www.example.co.uk/x\nbücher.de\n  shop.ai  \n';
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli], { input, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.map((l) => l.split(',')[0])).toEqual(['cars.com', 'example.co.uk', 'bücher.de', 'shop.ai']);
    for (const l of lines) expect(l).toMatch(/^[^,\s]+,[1-9]\d*$/);
    expect(run.stderr).toMatch(/not a domain/);
    expect(run.stderr).toMatch(/1 line\(s\) skipped/);
    // Start-up transpiles the 1 MB word table; give a loaded CI machine room.
  }, 60_000);
});
