// Fits the value model (src/model.ts) from public sale records. Development only: it reads the
// sale CSVs (columns domain, price_usd) from a folder outside this repository, named by --data or
// APPRAISAL_SALES_DIR; the rows must never be shipped or imported by the engine
// (docs/appraisal-engine.md "Calibration").
//
//   pnpm --filter @domain-broker/appraisal exec tsx scripts/calibrate.ts --data DIR [--write]
//
// Model: ridge regression of log10(price) on FEATURES (standardised), with the staff category
// premium taken off the target first because the engine applies it on top. Lambda is picked by
// 5-fold cross-validation on the real rows, scored the way the evaluation tool scores
// (Spearman and share of tenfold-different pairs ordered right).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDomain } from '../src/domain.ts';
import { FEATURE_NAMES, featureVector } from '../src/features.ts';
import { computeSignals } from '../src/signals.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] as string) : dflt;
};
const dataDir = opt('--data', process.env.APPRAISAL_SALES_DIR ?? '');
if (!dataDir) {
  console.error('calibrate: name the folder of sale CSVs with --data DIR (or APPRAISAL_SALES_DIR)');
  process.exit(2);
}
const anchorCount = Number(opt('--anchors', '400'));
const anchorLog = Number(opt('--anchor-log', '1.3'));
const write = args.includes('--write');

interface Row {
  x: Float64Array;
  y: number;
  file: string;
  real: boolean;
  w?: number;
}
const rows: Row[] = [];
let skipped = 0;
for (const f of readdirSync(dataDir)
  .filter((f) => f.endsWith('.csv'))
  .sort()) {
  const [head, ...lines] = readFileSync(join(dataDir, f), 'utf8').trim().split(/\r?\n/);
  const cols = (head as string).split(',');
  const di = cols.indexOf('domain');
  const pi = cols.indexOf('price_usd');
  for (const l of lines) {
    const c = l.split(',');
    const price = Number(c[pi]);
    try {
      const s = computeSignals(parseDomain(c[di] as string), {});
      const offset = Math.log10(1 + (s.category_percentage as number) / 100);
      rows.push({ x: featureVector(s), y: Math.log10(price) - offset, file: f, real: true });
    } catch {
      skipped++;
    }
  }
}

// Pseudo-observations: sale records only cover names that sold (>= 100 USD), so nothing tells the
// model what a random unsold string is worth. A few hundred generated long random strings,
// valued near a registration fee, anchor that end without touching the ranking of real sales much.
let seed = 20241017;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const anchorTlds = ['com', 'net', 'org', 'xyz', 'online', 'site', 'info', 'io', 'shop', 'top'];
for (let i = 0; i < anchorCount; i++) {
  const len = 11 + Math.floor(rnd() * 9);
  let name = '';
  for (let k = 0; k < len; k++) name += String.fromCharCode(97 + Math.floor(rnd() * 26));
  if (rnd() < 0.25) name = `${name.slice(0, 5)}${Math.floor(rnd() * 9000 + 1000)}`;
  const tld = anchorTlds[i % anchorTlds.length] as string;
  const s = computeSignals(parseDomain(`${name}.${tld}`), {});
  rows.push({ x: featureVector(s), y: anchorLog + (tld === 'com' ? 0.3 : 0), file: 'anchor', real: false });
}

const d = FEATURE_NAMES.length;

function predict(m: { w: Float64Array; b: number }, x: Float64Array): number {
  let v = m.b;
  for (let j = 0; j < d; j++) v += (m.w[j] as number) * (x[j] as number);
  return v;
}

const huber = Number(opt('--huber', '0'));

// Ridge with optional Huber-style reweighting: sale prices carry heavy-tailed noise (one lucky
// auction), and squared loss would let a few such rows steer the weights.
function fit(train: Row[], lambda: number): { w: Float64Array; b: number } {
  for (const r of train) r.w = 1;
  let m = fitWeighted(train, lambda);
  for (let it = 0; huber > 0 && it < 4; it++) {
    for (const r of train) {
      const e = Math.abs(r.y - predict(m, r.x));
      r.w = e <= huber ? 1 : huber / e;
    }
    m = fitWeighted(train, lambda);
  }
  return m;
}

function fitWeighted(train: Row[], lambda: number): { w: Float64Array; b: number } {
  let n = 0;
  for (const r of train) n += r.w ?? 1;
  const mean = new Float64Array(d);
  const sd = new Float64Array(d);
  for (const r of train) for (let j = 0; j < d; j++) mean[j]! += ((r.w ?? 1) * (r.x[j] as number)) / n;
  for (const r of train)
    for (let j = 0; j < d; j++) sd[j]! += ((r.w ?? 1) * ((r.x[j] as number) - (mean[j] as number)) ** 2) / n;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j] as number) || 1;
  let ym = 0;
  for (const r of train) ym += ((r.w ?? 1) * r.y) / n;
  // Normal equations (Z'Z + lambda I) w = Z'y on standardised Z.
  const A = new Float64Array(d * d);
  const bvec = new Float64Array(d);
  const z = new Float64Array(d);
  for (const r of train) {
    const rw = r.w ?? 1;
    for (let j = 0; j < d; j++) z[j] = ((r.x[j] as number) - (mean[j] as number)) / (sd[j] as number);
    for (let i = 0; i < d; i++) {
      const zi = (z[i] as number) * rw;
      if (zi === 0) continue;
      bvec[i]! += zi * (r.y - ym);
      for (let j = 0; j < d; j++) A[i * d + j]! += zi * (z[j] as number);
    }
  }
  for (let i = 0; i < d; i++) A[i * d + i]! += lambda;
  const w = solve(A, bvec, d);
  // Back to raw feature units so the engine needs no means or deviations.
  let b = ym;
  for (let j = 0; j < d; j++) {
    w[j] = (w[j] as number) / (sd[j] as number);
    b -= (w[j] as number) * (mean[j] as number);
  }
  return { w, b };
}

function solve(A: Float64Array, b: Float64Array, n: number): Float64Array {
  const M = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs(M[r * n + c] as number) > Math.abs(M[p * n + c] as number)) p = r;
    if (p !== c) {
      for (let k = 0; k < n; k++) {
        const t = M[c * n + k] as number;
        M[c * n + k] = M[p * n + k] as number;
        M[p * n + k] = t;
      }
      const t = x[c] as number;
      x[c] = x[p] as number;
      x[p] = t;
    }
    const piv = M[c * n + c] as number;
    for (let r = c + 1; r < n; r++) {
      const f = (M[r * n + c] as number) / piv;
      if (f === 0) continue;
      for (let k = c; k < n; k++) M[r * n + k]! -= f * (M[c * n + k] as number);
      x[r]! -= f * (x[c] as number);
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let acc = x[r] as number;
    for (let k = r + 1; k < n; k++) acc -= (M[r * n + k] as number) * (x[k] as number);
    x[r] = acc / (M[r * n + r] as number);
  }
  return x;
}

function ranks(a: number[]): number[] {
  const idx = a.map((_, i) => i).sort((i, j) => (a[i] as number) - (a[j] as number));
  const r = new Array<number>(a.length);
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && a[idx[j + 1] as number] === a[idx[i] as number]) j++;
    for (let k = i; k <= j; k++) r[idx[k] as number] = (i + j) / 2;
    i = j + 1;
  }
  return r;
}
function spearman(v: number[], p: number[]): number {
  const rv = ranks(v),
    rp = ranks(p),
    n = v.length;
  const mv = rv.reduce((a, b) => a + b, 0) / n,
    mp = rp.reduce((a, b) => a + b, 0) / n;
  let c = 0,
    a = 0,
    b = 0;
  for (let i = 0; i < n; i++) {
    c += (rv[i]! - mv) * (rp[i]! - mp);
    a += (rv[i]! - mv) ** 2;
    b += (rp[i]! - mp) ** 2;
  }
  return c / Math.sqrt(a * b);
}
function tenfold(v: number[], p: number[]): number {
  let s = 12345,
    pairs = 0,
    right = 0;
  const r = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  for (let t = 0; t < 200000; t++) {
    const i = Math.floor(r() * v.length),
      j = Math.floor(r() * v.length);
    if (Math.abs(p[i]! - p[j]!) < 1) continue;
    pairs++;
    if (Math.sign(v[i]! - v[j]!) === Math.sign(p[i]! - p[j]!)) right++;
  }
  return pairs ? right / pairs : NaN;
}

const real = rows.filter((r) => r.real);
const anchors = rows.filter((r) => !r.real);
const folds = 5;
const foldOf = real.map((_, i) => (i * 7919) % folds);
console.error(`rows ${real.length} (skipped ${skipped}), anchors ${anchors.length}, features ${d}`);

/** `file spearman` for each sale file, of cross-validated predictions over the real rows. */
function perFileSpearman(pred: number[], ys: number[]): string[] {
  return [...new Set(real.map((r) => r.file))].map((file) => {
    const ix = real.map((r, i) => (r.file === file ? i : -1)).filter((i) => i >= 0);
    return `${file} ${spearman(
      ix.map((i) => pred[i]!),
      ix.map((i) => ys[i]!),
    ).toFixed(3)}`;
  });
}

// ---- experimental: gradient-boosted trees on the same features, for comparison ----
interface Tree {
  f: Int32Array;
  t: Float64Array;
  v: Float64Array;
} // complete binary tree, depth D
function fitGbm(
  train: Row[],
  nTrees: number,
  depth: number,
  lr: number,
  minLeaf: number,
): { base: number; trees: Tree[] } {
  const n = train.length;
  // Candidate thresholds: up to 24 quantiles per feature.
  const cuts: number[][] = [];
  for (let j = 0; j < d; j++) {
    const vals = [...new Set(train.map((r) => r.x[j] as number))].sort((a, b) => a - b);
    const c: number[] = [];
    if (vals.length <= 24)
      for (let k = 0; k + 1 < vals.length; k++) c.push(((vals[k] as number) + (vals[k + 1] as number)) / 2);
    else for (let k = 1; k < 24; k++) c.push(vals[Math.floor((k * vals.length) / 24)] as number);
    cuts.push([...new Set(c)]);
  }
  const bin = train.map((r) =>
    Int32Array.from({ length: d }, (_, j) => {
      let b = 0;
      const c = cuts[j] as number[];
      while (b < c.length && (r.x[j] as number) > (c[b] as number)) b++;
      return b;
    }),
  );
  const base = train.reduce((a, r) => a + r.y, 0) / n;
  const pred = new Float64Array(n).fill(base);
  const trees: Tree[] = [];
  const nodes = (1 << (depth + 1)) - 1;
  for (let t = 0; t < nTrees; t++) {
    const res = Float64Array.from(train, (r, i) => r.y - (pred[i] as number));
    const nodeOf = new Int32Array(n);
    const tree: Tree = {
      f: new Int32Array(nodes).fill(-1),
      t: new Float64Array(nodes),
      v: new Float64Array(nodes),
    };
    for (let level = 0; level < depth; level++) {
      const first = (1 << level) - 1,
        count = 1 << level;
      for (let nd = first; nd < first + count; nd++) {
        const idx: number[] = [];
        for (let i = 0; i < n; i++) if (nodeOf[i] === nd) idx.push(i);
        if (idx.length < 2 * minLeaf) continue;
        let tot = 0;
        for (const i of idx) tot += res[i] as number;
        let bestGain = 1e-9,
          bf = -1,
          bt = 0;
        for (let j = 0; j < d; j++) {
          const nb = (cuts[j] as number[]).length + 1;
          const sum = new Float64Array(nb),
            cnt = new Int32Array(nb);
          for (const i of idx) {
            const b = (bin[i] as Int32Array)[j] as number;
            sum[b]! += res[i] as number;
            cnt[b]!++;
          }
          let ls = 0,
            lc = 0;
          for (let b = 0; b < nb - 1; b++) {
            ls += sum[b] as number;
            lc += cnt[b] as number;
            const rc = idx.length - lc;
            if (lc < minLeaf || rc < minLeaf) continue;
            const gain = (ls * ls) / lc + (tot - ls) ** 2 / rc - (tot * tot) / idx.length;
            if (gain > bestGain) {
              bestGain = gain;
              bf = j;
              bt = (cuts[j] as number[])[b] as number;
            }
          }
        }
        if (bf < 0) continue;
        tree.f[nd] = bf;
        tree.t[nd] = bt;
        for (const i of idx) nodeOf[i] = 2 * nd + 1 + (((train[i] as Row).x[bf] as number) > bt ? 1 : 0);
      }
      // rows whose node did not split stay; push them to left child to keep going
      for (let i = 0; i < n; i++) {
        const nd = nodeOf[i] as number;
        if (nd >= first && nd < first + count && tree.f[nd] === -1) nodeOf[i] = 2 * nd + 1;
      }
    }
    const sums = new Float64Array(nodes),
      cnts = new Int32Array(nodes);
    for (let i = 0; i < n; i++) {
      sums[nodeOf[i] as number]! += res[i] as number;
      cnts[nodeOf[i] as number]!++;
    }
    for (let nd = 0; nd < nodes; nd++)
      if (cnts[nd]) tree.v[nd] = (lr * (sums[nd] as number)) / ((cnts[nd] as number) + 5);
    for (let i = 0; i < n; i++) pred[i]! += tree.v[nodeOf[i] as number] as number;
    trees.push(tree);
  }
  return { base, trees };
}
function predictGbm(m: { base: number; trees: Tree[] }, x: Float64Array, depth: number): number {
  let v = m.base;
  for (const tr of m.trees) {
    let nd = 0;
    for (let l = 0; l < depth; l++) {
      const f = tr.f[nd] as number;
      nd = 2 * nd + 1 + (f >= 0 && (x[f] as number) > (tr.t[nd] as number) ? 1 : 0);
    }
    v += tr.v[nd] as number;
  }
  return v;
}

// ---- pairwise ranking fit: logistic loss on pairs of sales whose prices differ clearly ----
// The evaluation rewards ordering, not squared error; a linear scorer trained to order pairs,
// then mapped to log-price by least squares, keeps the same explainable form.
function fitPairwise(
  train: Row[],
  l2: number,
  margin: number,
  seedStart: number,
): { w: Float64Array; b: number } {
  const n = train.length;
  const mean = new Float64Array(d);
  const sd = new Float64Array(d);
  for (const r of train) for (let j = 0; j < d; j++) mean[j]! += (r.x[j] as number) / n;
  for (const r of train)
    for (let j = 0; j < d; j++) sd[j]! += ((r.x[j] as number) - (mean[j] as number)) ** 2 / n;
  for (let j = 0; j < d; j++) sd[j] = Math.sqrt(sd[j] as number) || 1;
  const Z = train.map((r) => Float64Array.from(r.x, (v, j) => (v - (mean[j] as number)) / (sd[j] as number)));
  let ps = seedStart;
  const rand = (k: number) => {
    ps = (ps * 1103515245 + 12345) % 2147483648;
    return Math.floor((ps / 2147483648) * k);
  };
  const w = new Float64Array(d);
  const m1 = new Float64Array(d);
  const m2 = new Float64Array(d);
  const g = new Float64Array(d);
  const lr = 0.01;
  let step = 0;
  for (let it = 0; it < 3000; it++) {
    g.fill(0);
    let used = 0;
    for (let k = 0; k < 256; k++) {
      const a = rand(n),
        b = rand(n);
      const dy = (train[a] as Row).y - (train[b] as Row).y;
      if (Math.abs(dy) < margin) continue;
      const za = Z[a] as Float64Array,
        zb = Z[b] as Float64Array;
      const sign = dy > 0 ? 1 : -1;
      let s = 0;
      for (let j = 0; j < d; j++) s += (w[j] as number) * ((za[j] as number) - (zb[j] as number));
      const p = 1 / (1 + Math.exp(sign * s)); // d loss / d s = -sign * p
      for (let j = 0; j < d; j++) g[j]! += -sign * p * ((za[j] as number) - (zb[j] as number));
      used++;
    }
    if (!used) continue;
    step++;
    for (let j = 0; j < d; j++) {
      const gj = (g[j] as number) / used + l2 * (w[j] as number);
      m1[j] = 0.9 * (m1[j] as number) + 0.1 * gj;
      m2[j] = 0.999 * (m2[j] as number) + 0.001 * gj * gj;
      const mh = (m1[j] as number) / (1 - 0.9 ** step),
        vh = (m2[j] as number) / (1 - 0.999 ** step);
      w[j]! -= (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  // Map the score to log-price by least squares, then fold into raw-unit weights.
  const sc = Z.map((z) => {
    let s = 0;
    for (let j = 0; j < d; j++) s += (w[j] as number) * (z[j] as number);
    return s;
  });
  const ms = sc.reduce((a, b) => a + b, 0) / n,
    my = train.reduce((a, r) => a + r.y, 0) / n;
  let cov = 0,
    vs = 0;
  sc.forEach((s, i) => {
    cov += (s - ms) * ((train[i] as Row).y - my);
    vs += (s - ms) ** 2;
  });
  const k = cov / vs;
  const out = new Float64Array(d);
  let b = my - k * ms;
  for (let j = 0; j < d; j++) {
    out[j] = (k * (w[j] as number)) / (sd[j] as number);
    b -= (out[j] as number) * (mean[j] as number);
  }
  return { w: out, b };
}
if (args.includes('--pairwise')) {
  for (const [l2, margin] of [
    [0.001, 0.5],
    [0.01, 0.5],
    [0.001, 1],
    [0.0001, 0.3],
  ] as const) {
    const pred = new Array<number>(real.length);
    for (let f = 0; f < folds; f++) {
      const m = fitPairwise([...real.filter((_, i) => foldOf[i] !== f), ...anchors], l2, margin, 777 + f);
      real.forEach((r, i) => {
        if (foldOf[i] === f) pred[i] = predict(m, r.x);
      });
    }
    const ys = real.map((r) => r.y);
    console.error(
      `pairwise l2 ${l2} margin ${margin}: cv spearman ${spearman(pred, ys).toFixed(3)} tenfold ${(100 * tenfold(pred, ys)).toFixed(1)}%`,
    );
  }
  process.exit(0);
}

if (args.includes('--gbm')) {
  for (const [nt, depth, lr] of [[400, 3, 0.03]] as const) {
    const pred = new Array<number>(real.length);
    for (let f = 0; f < folds; f++) {
      const tr = [...real.filter((_, i) => foldOf[i] !== f), ...anchors];
      const m = fitGbm(tr, nt, depth, lr, 20);
      const lin = fit(tr, 10);
      const blend = Number(opt('--blend', '1'));
      real.forEach((r, i) => {
        if (foldOf[i] === f) pred[i] = blend * predictGbm(m, r.x, depth) + (1 - blend) * predict(lin, r.x);
      });
    }
    const ys = real.map((r) => r.y);
    const per = perFileSpearman(pred, ys);
    console.error(
      `gbm ${nt}x${depth} lr ${lr}: cv spearman ${spearman(pred, ys).toFixed(3)} tenfold ${(100 * tenfold(pred, ys)).toFixed(1)}% | ${per.join(' | ')}`,
    );
  }
  process.exit(0);
}

let bestLambda = 0,
  bestScore = -Infinity;
for (const lambda of [1, 100, 1000, 3000, 10000, 30000, 100000]) {
  const pred = new Array<number>(real.length);
  for (let f = 0; f < folds; f++) {
    const m = fit([...real.filter((_, i) => foldOf[i] !== f), ...anchors], lambda);
    real.forEach((r, i) => {
      if (foldOf[i] === f) pred[i] = predict(m, r.x);
    });
  }
  const ys = real.map((r) => r.y);
  const per = perFileSpearman(pred, ys);
  const sp = spearman(pred, ys),
    tf = tenfold(pred, ys);
  if (args.includes('--diag')) {
    const top = real.map((r) => r.file.startsWith('top'));
    let auc = 0,
      pairs = 0;
    for (let i = 0; i < real.length; i += 3)
      if (top[i])
        for (let j = 0; j < real.length; j += 3)
          if (!top[j]) {
            pairs++;
            auc += pred[i]! > pred[j]! ? 1 : 0;
          }
    const sep = pred.map((v, i) => v + (top[i] ? 100 : 0));
    console.error(
      `  auc top-vs-aftermarket ${(auc / pairs).toFixed(3)}; with perfect separation spearman would be ${spearman(sep, ys).toFixed(3)} tenfold ${(100 * tenfold(sep, ys)).toFixed(1)}%`,
    );
  }
  console.error(
    `lambda ${lambda}: cv spearman ${sp.toFixed(3)} tenfold ${(100 * tf).toFixed(1)}% | ${per.join(' | ')}`,
  );
  if (sp + tf > bestScore) {
    bestScore = sp + tf;
    bestLambda = lambda;
  }
}
const model = fit(rows, bestLambda);
// Strong shrinkage orders names well but squeezes values toward the average sale; a linear
// re-stretch of the prediction (least squares of price on prediction, same ranks) restores a
// believable spread, from registration-fee names to seven-figure ones.
{
  const p = rows.map((r) => predict(model, r.x));
  const mp = p.reduce((a, b) => a + b, 0) / p.length;
  const my = rows.reduce((a, r) => a + r.y, 0) / rows.length;
  let cov = 0,
    vp = 0;
  rows.forEach((r, i) => {
    cov += (p[i]! - mp) * (r.y - my);
    vp += (p[i]! - mp) ** 2;
  });
  const stretch = Math.max(1, cov / vp);
  for (let j = 0; j < d; j++) model.w[j] = (model.w[j] as number) * stretch;
  model.b = my + stretch * (model.b - mp);
  console.error(`stretch ${stretch.toFixed(3)}`);
}
const resid = real.map((r) => r.y - predict(model, r.x));
const rmse = Math.sqrt(resid.reduce((a, b) => a + b * b, 0) / resid.length);
console.error(`chosen lambda ${bestLambda}; in-sample rmse(log10) ${rmse.toFixed(3)}`);

const lines = FEATURE_NAMES.map((n, j) => `  ${n}: ${+(model.w[j] as number).toFixed(5)},`);
const out = `// GENERATED by scripts/calibrate.ts (ridge, lambda ${bestLambda}, ${real.length} sales + ${anchors.length} anchors).
// Numbers only: the sale records themselves are never part of the package.
// Predicts log10(USD) before the staff category premium.

export const MODEL_INTERCEPT = ${+model.b.toFixed(5)};

/** Residual spread of log10(price) around the fit on the sales it was fitted to. */
export const MODEL_RMSE_LOG10 = ${+rmse.toFixed(3)};

export const MODEL_WEIGHTS: Record<string, number> = {
${lines.join('\n')}
};
`;
if (write) {
  writeFileSync(join(here, '../src/model.ts'), out);
  console.error('wrote src/model.ts');
} else process.stdout.write(out);
