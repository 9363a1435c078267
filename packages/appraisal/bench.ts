// Appraisals per second on one thread: `tsx bench.ts [count]`.
// Names are generated up front (varied shapes and extensions) so only appraise() is timed,
// and each is distinct so nothing can be served from a cache.
import { appraise } from './src/index.ts';

const count = Number(process.argv[2] ?? 5000);
const tlds = ['com', 'net', 'org', 'io', 'ai', 'co', 'xyz', 'de', 'co.uk', 'shop', 'app', 'ca'];
const words = ['cars', 'blue', 'garden', 'cloud', 'pay', 'health', 'travel', 'smart', 'home', 'best', 'casino', 'data', 'green', 'shop', 'river', 'quick', 'legal', 'insure', 'coffee', 'pixel'];
let seed = 42;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * n);
};
const pick = <T>(a: readonly T[]) => a[rnd(a.length)] as T;
const names: string[] = [];
for (let i = 0; i < count; i++) {
  const kind = i % 5;
  let label: string;
  if (kind === 0) label = pick(words) + pick(words);
  else if (kind === 1) label = Array.from({ length: 3 + rnd(12) }, () => String.fromCharCode(97 + rnd(26))).join('');
  else if (kind === 2) label = `${pick(words)}-${pick(words)}${rnd(100)}`;
  else if (kind === 3) label = String(rnd(100000));
  else label = pick(words) + pick(words) + pick(words);
  names.push(`${label}${i}.${pick(tlds)}`);
}

for (const n of names.slice(0, 200)) appraise(n); // warm-up for the JIT
const t0 = performance.now();
let checksum = 0;
for (const n of names) checksum += appraise(n).appraised_value;
const ms = performance.now() - t0;
console.log(`${count} appraisals in ${ms.toFixed(0)} ms: ${Math.round((count / ms) * 1000).toLocaleString('en-US')} appraisals/s (checksum ${checksum})`);
