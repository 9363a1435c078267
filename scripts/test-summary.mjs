// Adds up the Vitest JSON reports of one test run and prints a closing line per suite and in all.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n━━ summary');
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  try {
    const r = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const failedSuites = (r.testResults ?? []).filter(
      (t) => t.status === 'failed' && !(t.assertionResults ?? []).length,
    ).length;
    const f = r.numFailedTests + failedSuites;
    console.log(`${file.replace(/\.json$/, '').padEnd(16)} ${r.numPassedTests} passed, ${f} failed`);
    passed += r.numPassedTests;
    failed += f;
    skipped += r.numPendingTests + r.numTodoTests;
  } catch (err) {
    console.log(`${file}: unreadable report (${err.message})`);
    failed += 1;
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
