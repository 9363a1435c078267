// Appraisals per second on one thread: `tsx bench.ts [count]`.
// Names are generated up front (varied shapes and extensions) so only appraise() is timed,
// and each is distinct so nothing can be served from a cache.
import { appraise } from './src/index.ts';

const count = Number(process.argv[2] ?? 5000);
const tlds = ['com', 'net', 'org', 'io', 'ai', 'co', 'xyz', 'de', 'co.uk', 'shop', 'app', 'ca'];
const words = [
  'cars',
  'blue',
  'garden',
  'cloud',
  'pay',
  'health',
  'travel',
  'smart',
  'home',
  'best',
  'casino',
  'data',
  'green',
  'shop',
  'river',
  'quick',
  'legal',
  'insure',
  'coffee',
  'pixel',
];
let seed = 42;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * n);
};
const pick = <T>(a: readonly T[]) => a[rnd(a.length)] as T;
function generate(count: number, tag: string): string[] {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 5;
    let label: string;
    if (kind === 0) label = pick(words) + pick(words);
    else if (kind === 1)
      label = Array.from({ length: 3 + rnd(12) }, () => String.fromCharCode(97 + rnd(26))).join('');
    else if (kind === 2) label = `${pick(words)}-${pick(words)}${rnd(100)}`;
    else if (kind === 3) label = String(rnd(100000));
    else label = pick(words) + pick(words) + pick(words);
    names.push(`${label}${tag}${i}.${pick(tlds)}`);
  }
  return names;
}

// Warm the JIT on a different set of names (tag "w"), so the timed names are all new to the engine.
for (const n of generate(count, 'w')) appraise(n);
const rates: number[] = [];
const cpuRates: number[] = [];
let checksum = 0;
for (let round = 0; round < 3; round++) {
  const names = generate(count, `r${round}`);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (const n of names) checksum += appraise(n).appraised_value;
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  rates.push((count / wallMs) * 1000);
  // CPU time of this process: steadier than wall time when other work shares the cores.
  cpuRates.push((count / ((cpu.user + cpu.system) / 1000)) * 1000);
}
const median = (a: number[]) => [...a].sort((x, y) => x - y)[1] as number;
const fmt = (v: number) => Math.round(v).toLocaleString('en-US');
console.log(
  `${count} names x 3 rounds, one thread: median ${fmt(median(rates))} appraisals/s wall clock ` +
    `(min ${fmt(Math.min(...rates))}, max ${fmt(Math.max(...rates))}), ${fmt(median(cpuRates))} per CPU-second; checksum ${checksum}`,
);
