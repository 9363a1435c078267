import { ENGLISH_BITSET_BASE64 } from './english.gen.ts';
import { WORDS_BY_FREQUENCY } from './words.gen.ts';

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

const ENGLISH_BITS = Uint8Array.from(atob(ENGLISH_BITSET_BASE64), (c) => c.charCodeAt(0));
/** True when the word of this frequency rank is ordinary English rather than a name or foreign word. */
export function isEnglishRank(rank: number): boolean {
  const i = rank - 1;
  return i >= 0 && (((ENGLISH_BITS[i >> 3] ?? 0) >> (i & 7)) & 1) === 1;
}
// Longer entries in the list are almost all run-together junk; capping keeps Viterbi cheap.
const MAX_WORD = 20;

// Wikipedia unigrams rank many stray letters and two-letter fragments high ("s", "th");
// those are poor explanations of a domain, so short tokens outside this list pay extra.
const GOOD_SHORT = new Set([
  'a',
  'i',
  'ai',
  'am',
  'an',
  'as',
  'at',
  'be',
  'by',
  'do',
  'go',
  'he',
  'hi',
  'if',
  'in',
  'is',
  'it',
  'me',
  'my',
  'no',
  'of',
  'oh',
  'ok',
  'on',
  'or',
  'so',
  'to',
  'tv',
  'up',
  'us',
  'we',
  'io',
  'ex',
  'ez',
  'pc',
  'uk',
  'la',
  'ny',
]);
const UNKNOWN_CHAR_COST = 14;

function wordCost(w: string, r: number): number {
  let c = Math.log(r * LOG_N);
  if (w.length <= 2 && !GOOD_SHORT.has(w)) c += 6;
  return c;
}

// Every prefix of every word maps to the word's cost (or -1 when the prefix is not itself a
// word), so the segmenter can stop extending a candidate as soon as no word starts that way.
const PREFIX_COST = new Map<string, number>();
for (const [w, r] of WORD_RANK) {
  if (w.length > MAX_WORD) continue;
  PREFIX_COST.set(w, wordCost(w, r));
  for (let k = w.length - 1; k >= 1; k--) {
    const pre = w.slice(0, k);
    if (PREFIX_COST.has(pre)) break;
    PREFIX_COST.set(pre, -1);
  }
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
  const best = new Float64Array(n + 1).fill(Infinity);
  const back = new Int32Array(n + 1);
  best[0] = 0;
  // Forward relaxation: from each reachable position extend while the text is still a word prefix.
  for (let j = 0; j < n; j++) {
    const here = best[j] as number;
    // Any letter may stand alone as an unknown piece, so every string has a reading.
    const u = here + UNKNOWN_CHAR_COST;
    if (u < (best[j + 1] as number)) {
      best[j + 1] = u;
      back[j + 1] = -1;
    }
    const end = Math.min(n, j + MAX_WORD);
    for (let i = j + 1; i <= end; i++) {
      const c = PREFIX_COST.get(s.slice(j, i));
      if (c === undefined) break;
      if (c < 0) continue;
      const total = here + c;
      if (total < (best[i] as number)) {
        best[i] = total;
        back[i] = i - j;
      }
    }
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
