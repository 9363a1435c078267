// Batch appraiser: domains on stdin, one per line; `domain,value_usd` on stdout.
// Invalid lines are skipped with a note on stderr so a batch never stops half-way.
import { createInterface } from 'node:readline';
import { appraise } from './appraise.ts';
import { InvalidDomainError } from './domain.ts';

const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
const out: string[] = [];
let skipped = 0;
for await (const line of rl) {
  const text = line.trim();
  if (!text || text.startsWith('#')) continue;
  try {
    const r = appraise(text);
    // Echo a bare host as given (lower-cased) so callers can join on their own key, e.g.
    // "www.example.com" or a Unicode IDN; URLs and other decorated input print the normalised name.
    const key = /^[^\s,/:@?#]+$/.test(text) ? text.toLowerCase() : r.domain;
    out.push(`${key},${r.appraised_value}`);
  } catch (err) {
    if (!(err instanceof InvalidDomainError)) throw err;
    skipped++;
    process.stderr.write(`skipped: ${err.message}\n`);
  }
  if (out.length >= 1000) {
    process.stdout.write(`${out.join('\n')}\n`);
    out.length = 0;
  }
}
if (out.length) process.stdout.write(`${out.join('\n')}\n`);
if (skipped) process.stderr.write(`${skipped} line(s) skipped\n`);
