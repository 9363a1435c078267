#!/usr/bin/env node
// `pnpm bench`: every performance and size figure of the project, each beside its baseline or goal.
// Figures are printed, never asserted. Builds first unless --no-build; `--only name[,name]` picks parts.
//   BENCH_DURATION=3 pnpm bench --only server   (a quick look at the HTTP figures)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
/** A server bench: a TypeScript file run with tsx inside the server package. */
const serverBench = (name, file) => ({
  name,
  file: `packages/server/bench/${file}`,
  cmd: ['pnpm', ['--filter', '@domain-broker/server', 'exec', 'tsx', `bench/${file}`]],
});
/** A plain Node script at a path from the repository's root. */
const script = (name, file) => ({ name, file, cmd: ['node', [file]] });

const parts = [
  {
    name: 'appraisal-engine',
    file: 'packages/appraisal/bench.ts',
    cmd: ['pnpm', ['--filter', '@domain-broker/appraisal', 'exec', 'tsx', 'bench.ts']],
  },
  // The team's accuracy tool is not part of this repository: APPRAISAL_EVAL names it
  // (docs/appraisal-engine.md "Evaluation"); without it this part says so and is passed over.
  script('appraisal-eval', process.env.APPRAISAL_EVAL ?? ''),
  serverBench('server', 'profile.bench.ts'),
  serverBench('mail-outbox', 'mail-outbox.bench.ts'),
  serverBench('appraisal-api', 'appraisal.bench.ts'),
  serverBench('checkout-api', 'checkout.bench.ts'),
  serverBench('consultant-leads', 'consultant-leads.bench.ts'),
  serverBench('users', 'users.bench.ts'),
  serverBench('registrar-leads', 'registrar-leads.bench.ts'),
  script('portal-bundle', 'packages/portal/scripts/bundle-size.mjs'),
  script('widget-size', 'packages/widget-sdk/scripts/size.mjs'),
  script('widget-timing', 'e2e/bench/widget-timing.mjs'),
  script('checkout-timing', 'e2e/bench/checkout-timing.mjs'),
  script('lighthouse', 'scripts/lighthouse.mjs'),
].filter((p) => !only || only.includes(p.name));

if (!args.includes('--no-build')) {
  const b = spawnSync('pnpm', ['-r', '--filter', './packages/**', 'run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const ran = [];
for (const p of parts) {
  if (!p.file || !existsSync(p.file)) {
    const why = p.file ? `${p.file} missing` : 'set APPRAISAL_EVAL to the evaluation tool to run it';
    console.log(`\n━━ ${p.name}: not available (${why})`);
    continue;
  }
  console.log(`\n━━ ${p.name}`);
  const started = Date.now();
  const r = spawnSync(p.cmd[0], p.cmd[1], { stdio: 'inherit', env: process.env });
  ran.push(
    `${p.name}: ${r.status === 0 ? 'ok' : `exit ${r.status}`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
console.log(`\n━━ done\n${ran.join('\n')}`);
