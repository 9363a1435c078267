#!/usr/bin/env node
// The repository stands alone (docs/architecture.md "Docs and comments"): what a comment, test or doc
// cites must be found inside it. Fails, naming file and line, on
//  - a path outside the repository (the product's source documents, the team's shared folder), or a
//    section of those documents (a "spec" section sign and number);
//  - a `decision A13` with no `### A13:` heading in docs/product-decisions.md;
//  - an `ADR 051` with no docs/decisions/051-*.md;
//  - a `docs/….md` that does not exist;
//  - in the code and tests (packages/, e2e/, scripts/), an issue number ("issue" and a number): the
//    tracker is not in the repository, so a comment cites the ADR, the decision or the docs section
//    that says the same thing, or says the reason itself.
// Runs in `pnpm lint` and in the lint step of `pnpm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

const TEXT = /\.(ts|tsx|mts|mjs|js|css|html|md|sh|json|yaml|yml)$|^\.ci\/run$/;
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(
    (f) => f && TEXT.test(f) && f !== 'pnpm-lock.yaml' && !f.endsWith('/CHANGELOG.md') && existsSync(f),
  );

const OUTSIDE = [
  /visitor-buyer-seller\.md|post-purchase-back-office\.md/,
  /\bDESIGN\.md\b|\bEXAMPLES\.md\b/,
  /\.\.\/shared\/(spec|tools|data|hooks|product-decisions)/,
  /\bshared\/spec\//,
  /\bspec(?:'s)? §\s?\d/,
];
const decisionsDoc = readFileSync('docs/product-decisions.md', 'utf8');
const decisions = new Set([...decisionsDoc.matchAll(/^### ([AB]\d+):/gm)].map((m) => m[1]));
const adrs = new Set(readdirSync('docs/decisions').map((f) => f.slice(0, 3)));

/** `decision A13`, `decisions A5, A6 and B2`, `product decision B10`: every ID of the list. */
const DECISION_LIST = /\bdecisions?\s+((?:[AB]\d+)(?:(?:,\s*|\s+and\s+|\s*\/\s*)[AB]\d+)*)/g;
const ADR_LIST = /\bADRs?\s+(\d{3}(?:(?:,\s*|\s+and\s+)\d{3})*)/g;
const DOC_PATH = /\bdocs\/[\w./-]+?\.md\b/g;
const ISSUE_NUMBER = /\bissues?\s*#?\s*\d+/i;
const CODE = /^(packages|e2e|scripts)\//;

const problems = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    for (const re of OUTSIDE) {
      const m = line.match(re);
      if (m) problems.push(`${at}: cites "${m[0]}", which is outside the repository`);
    }
    for (const m of line.matchAll(DECISION_LIST)) {
      for (const id of m[1].match(/[AB]\d+/g)) {
        if (!decisions.has(id))
          problems.push(`${at}: decision ${id} has no heading in docs/product-decisions.md`);
      }
    }
    for (const m of line.matchAll(ADR_LIST)) {
      for (const n of m[1].match(/\d{3}/g)) {
        if (!adrs.has(n)) problems.push(`${at}: ADR ${n} has no file in docs/decisions/`);
      }
    }
    const issue = CODE.test(file) && line.match(ISSUE_NUMBER);
    if (issue) problems.push(`${at}: cites "${issue[0]}"; cite the ADR, decision or docs section instead`);
    for (const m of line.matchAll(DOC_PATH)) {
      if (!existsSync(m[0])) problems.push(`${at}: ${m[0]} does not exist`);
    }
  });
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\ncitations: ${problems.length} problem(s) in ${files.length} files`);
  process.exit(1);
}
console.log(`citations: ${files.length} files, every citation found in the repository`);
