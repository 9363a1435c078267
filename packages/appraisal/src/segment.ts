import { WORDS_BY_FREQUENCY } from './words.generated.ts';

// Zipf-style costs as in wordninja: a word of frequency rank r costs log(r * ln N), so a
// segmentation's total cost is its negative log-likelihood under a unigram model.
const WORD_LIST = WORDS_BY_FREQUENCY.split(' ');
const LOG_N = Math.log(WORD_LIST.length);
export const WORD_RANK = new Map<string, number>();
for (let i = 0; i < WORD_LIST.length; i++) {
  const w = WORD_LIST[i] as string;
  if (!WORD_RANK.has(w)) WORD_RANK.set(w, i + 1);
}
export const VOCABULARY_SIZE = WORD_LIST.length;
const MAX_WORD = 24;

// Wikipedia unigrams rank many stray letters and two-letter fragments high ("s", "th");
// those are poor explanations of a domain, so short tokens outside this list pay extra.
const GOOD_SHORT = new Set([
  'a', 'i', 'ai', 'am', 'an', 'as', 'at', 'be', 'by', 'do', 'go', 'he', 'hi', 'if', 'in', 'is', 'it',
  'me', 'my', 'no', 'of', 'oh', 'ok', 'on', 'or', 'so', 'to', 'tv', 'up', 'us', 'we', 'io', 'ex', 'ez', 'pc', 'uk', 'la', 'ny',
]);
const UNKNOWN_CHAR_COST = 14;

function wordCost(w: string): number {
  const r = WORD_RANK.get(w);
  if (r === undefined) return Infinity;
  let c = Math.log(r * LOG_N);
  if (w.length <= 2 && !GOOD_SHORT.has(w)) c += 6;
  return c;
}

export interface Token {
  text: string;
  kind: 'word' | 'digits' | 'unknown';
  /** Frequency rank (1 = most frequent) for words, 0 otherwise. */
  rank: number;
}

export interface Segmentation {
  tokens: Token[];
  /** Total cost of the letter parts (lower is a more natural reading). */
  cost: number;
}

/** Most probable split of a run of letters into words (Viterbi over the unigram model). */
export function segmentLetters(s: string): Segmentation {
  const n = s.length;
  const best = new Float64Array(n + 1);
  const back = new Int32Array(n + 1);
  best[0] = 0;
  for (let i = 1; i <= n; i++) {
    let bc = Infinity;
    let bk = 1;
    const lo = Math.max(0, i - MAX_WORD);
    for (let j = i - 1; j >= lo; j--) {
      const c = (best[j] as number) + wordCost(s.slice(j, i));
      if (c < bc) {
        bc = c;
        bk = i - j;
      }
    }
    // Any letter may stand alone as an unknown piece, so every string has a reading.
    const u = (best[i - 1] as number) + UNKNOWN_CHAR_COST;
    if (u < bc) {
      bc = u;
      bk = -1;
    }
    best[i] = bc;
    back[i] = bk;
  }
  const tokens: Token[] = [];
  let i = n;
  while (i > 0) {
    const k = back[i] as number;
    if (k < 0) {
      // Merge neighbouring unknown letters into one unknown token.
      const prev = tokens[tokens.length - 1];
      if (prev && prev.kind === 'unknown') prev.text = s[i - 1] + prev.text;
      else tokens.push({ text: s[i - 1] as string, kind: 'unknown', rank: 0 });
      i -= 1;
    } else {
      const w = s.slice(i - k, i);
      tokens.push({ text: w, kind: 'word', rank: WORD_RANK.get(w) ?? 0 });
      i -= k;
    }
  }
  tokens.reverse();
  return { tokens, cost: best[n] as number };
}

/** Splits a domain label into words, digit runs and unknown letters; hyphens separate. */
export function segmentLabel(label: string): Segmentation {
  const tokens: Token[] = [];
  let cost = 0;
  const parts = label.match(/[a-z]+|[0-9]+/g) ?? [];
  for (const p of parts) {
    if (p.charCodeAt(0) <= 57) {
      tokens.push({ text: p, kind: 'digits', rank: 0 });
    } else {
      const seg = segmentLetters(p);
      cost += seg.cost;
      for (const t of seg.tokens) tokens.push(t);
    }
  }
  return { tokens, cost };
}

/** Convenience for callers and tests: the words of a label, in order. */
export function segmentWords(label: string): string[] {
  return segmentLabel(label).tokens.map((t) => t.text);
}
