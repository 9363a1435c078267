#!/usr/bin/env node
// `pnpm bench`: every performance and size figure of the project, each beside its baseline or goal.
// Figures are printed, never asserted. Builds first unless --no-build; `--only name[,name]` picks parts.
//   BENCH_DURATION=3 pnpm bench --only server   (a quick look at the HTTP figures)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const parts = [
  {
    name: 'appraisal-engine',
    file: 'packages/appraisal/bench.ts',
    cmd: ['pnpm', ['--filter', '@domain-broker/appraisal', 'exec', 'tsx', 'bench.ts']],
  },
  {
    name: 'appraisal-eval',
    file: '../shared/tools/appraisal-eval.mjs',
    cmd: ['node', ['../shared/tools/appraisal-eval.mjs']],
  },
  {
    name: 'server',
    file: 'packages/server/bench/profile.bench.ts',
    cmd: ['pnpm', ['--filter', '@domain-broker/server', 'exec', 'tsx', 'bench/profile.bench.ts']],
  },
  {
    name: 'appraisal-api',
    file: 'packages/server/bench/appraisal.bench.ts',
    cmd: ['pnpm', ['--filter', '@domain-broker/server', 'exec', 'tsx', 'bench/appraisal.bench.ts']],
  },
  {
    name: 'checkout-api',
    file: 'packages/server/bench/checkout.bench.ts',
    cmd: ['pnpm', ['--filter', '@domain-broker/server', 'exec', 'tsx', 'bench/checkout.bench.ts']],
  },
  {
    name: 'consultant-leads',
    file: 'packages/server/bench/consultant-leads.bench.ts',
    cmd: ['pnpm', ['--filter', '@domain-broker/server', 'exec', 'tsx', 'bench/consultant-leads.bench.ts']],
  },
  {
    name: 'users',
    file: 'packages/server/bench/users.bench.ts',
    cmd: ['pnpm', ['--filter', '@domain-broker/server', 'exec', 'tsx', 'bench/users.bench.ts']],
  },
  {
    name: 'registrar-leads',
    file: 'packages/server/bench/registrar-leads.bench.ts',
    cmd: ['pnpm', ['--filter', '@domain-broker/server', 'exec', 'tsx', 'bench/registrar-leads.bench.ts']],
  },
  {
    name: 'portal-bundle',
    file: 'packages/portal/scripts/bundle-size.mjs',
    cmd: ['node', ['packages/portal/scripts/bundle-size.mjs']],
  },
  {
    name: 'widget-size',
    file: 'packages/widget-sdk/scripts/size.mjs',
    cmd: ['node', ['packages/widget-sdk/scripts/size.mjs']],
  },
  {
    name: 'widget-timing',
    file: 'e2e/bench/widget-timing.mjs',
    cmd: ['node', ['e2e/bench/widget-timing.mjs']],
  },
  {
    name: 'checkout-timing',
    file: 'e2e/bench/checkout-timing.mjs',
    cmd: ['node', ['e2e/bench/checkout-timing.mjs']],
  },
  { name: 'lighthouse', file: 'scripts/lighthouse.mjs', cmd: ['node', ['scripts/lighthouse.mjs']] },
].filter((p) => !only || only.includes(p.name));

if (!args.includes('--no-build')) {
  const b = spawnSync('pnpm', ['-r', '--filter', './packages/**', 'run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const ran = [];
for (const p of parts) {
  if (!existsSync(p.file)) {
    console.log(`\n━━ ${p.name}: not available (${p.file} missing)`);
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
