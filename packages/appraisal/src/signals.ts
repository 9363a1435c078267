import type { ParsedDomain } from './domain.ts';
import {
  ADULT_WORDS,
  BRAND_COMMON_WORDS,
  BRANDS,
  CATEGORIES,
  GAMBLING_WORDS,
  GENERIC_PREFIXES,
  GENERIC_SUFFIXES,
  GEO_WORDS,
  LEGACY_GTLDS,
  TLD_WEIGHTS,
} from './lexicon.ts';
import { isEnglishRank, segmentLabel, type Token, VOCABULARY_SIZE, WORD_RANK } from './segment.ts';

export type Signals = Record<string, number | boolean>;

// ---- tables built once at module load ----

// Letter-bigram log-probabilities from the 20,000 most frequent words, with word edges as '^'/'$'.
// They score how English-like (sayable) a string is without a hand-written rule set.
const ALPHA = 28; // a-z, ^, $
const BIGRAM_LOGP = new Float64Array(ALPHA * ALPHA);
{
  const counts = new Float64Array(ALPHA * ALPHA).fill(0.5);
  const rowTotals = new Float64Array(ALPHA).fill(0.5 * ALPHA);
  for (const [w, r] of WORD_RANK) {
    if (r > 20000 || w.length < 2) continue;
    let prev = 26;
    for (let i = 0; i <= w.length; i++) {
      const c = i < w.length ? w.charCodeAt(i) - 97 : 27;
      counts[prev * ALPHA + c]! += 1;
      rowTotals[prev]! += 1;
      prev = c;
    }
  }
  for (let a = 0; a < ALPHA; a++)
    for (let b = 0; b < ALPHA; b++)
      BIGRAM_LOGP[a * ALPHA + b] = Math.log((counts[a * ALPHA + b] as number) / (rowTotals[a] as number));
}

const CATEGORY_OF = new Map<string, number[]>();
CATEGORIES.forEach((cat, idx) => {
  for (const w of cat.words) {
    const list = CATEGORY_OF.get(w) ?? [];
    if (!list.includes(idx)) list.push(idx);
    CATEGORY_OF.set(w, list);
  }
});

const VOWELS = new Set('aeiouy');
/** Lists of names written as one string each: `list('a b c')` is `['a', 'b', 'c']`. */
const list = (names: string) => names.split(' ');
/** The extensions that get a flag of their own (`tld_com`, ...). */
export const TRACKED_TLDS = list('com net org io ai co xyz info biz me app dev tv cc us ca de uk eu cn');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
// Letter/digit shapes (`pattern_LLN`) and consonant/vowel shapes (`pattern_CVCV`) that get a flag.
const SHAPES = list(
  'L LL LLL LLLL LLLLL N NN NNN NNNN NNNNN NNNNNN LLN LNN NNL NLL LNL NLN LLNN NNLL LNLN NLNL',
);
const CV_SHAPES = list('CV CVC CVCV CVCVC CVCVCV VCV VCVC CVVC CCVC CVCC CCVCC');
const PREFIX_FLAGS = list('get my the go try e i');
const SUFFIX_FLAGS = list('hub ly ify app hq lab box pro online shop store');
// Signal names built once: template strings in the hot path cost more than the work they label.
const LETTER_KEYS = Array.from(LETTERS, (c) => `count_${c}`);
const DIGIT_KEYS = Array.from({ length: 10 }, (_, i) => `count_digit_${i}`);
const SHAPE_KEYS = SHAPES.map((sh) => [sh, `pattern_${sh}`] as const);
const CV_SHAPE_KEYS = CV_SHAPES.map((sh) => [sh, `pattern_${sh}`] as const);
const WORD_KEYS = [1, 2, 3, 4].map((k) => [`word${k}_length`, `word${k}_rank_log`] as const);
const CATEGORY_KEYS = CATEGORIES.map((c) => `category_${c.id}`);
const TLD_KEYS = TRACKED_TLDS.map((t) => [t, `tld_${t}`] as const);
const PREFIX_KEYS = PREFIX_FLAGS.map((p) => [p, `prefix_${p}`] as const);
const SUFFIX_KEYS = SUFFIX_FLAGS.map((p) => [p, `suffix_${p}`] as const);
const LONG_BRANDS = [...BRANDS].filter((b) => b.length >= 5 && !BRAND_COMMON_WORDS.has(b));
const LOG_VOCAB = Math.log10(VOCABULARY_SIZE);

function log10p(x: number): number {
  return Math.log10(1 + x);
}

/**
 * Computes every named data point the engine knows about a parsed domain. Each group of signals
 * below writes its keys in a fixed order (the order of `Object.keys` is part of the answer).
 */
export function computeSignals(
  p: ParsedDomain,
  categoryPercentages: Record<string, number>,
  wordsOut?: string[],
): Signals {
  const s: Signals = {};
  const name = readableName(p);
  const scan = scanCharacters(name.core);
  characterSignals(s, p, name, scan);
  patternSignals(s, name.core, scan);
  const pron = pronunciationSignals(s, name.core, scan);
  const words = wordSignals(s, name.core, scan, wordsOut);
  const catCount = categorySignals(s, words, categoryPercentages);
  sensitiveSignals(s, name.core, words, catCount);
  brandableSignals(s, name.core, scan, pron);
  extensionSignals(s, p, name.core);
  idnSignals(s, p, name.sld);
  summarySignals(s, p, scan);
  return s;
}

/** The name as the signals read it. */
interface ReadableName {
  /** The label as written (Unicode for an IDN). */
  sld: string;
  unicodeLength: number;
  nonLatin: boolean;
  /** ASCII letters, digits and hyphens the character and word signals work on. */
  core: string;
}

/** The ASCII letters, digits and hyphens the signals read for a name (see ReadableName). */
export const readableCore = (p: ParsedDomain): string => readableName(p).core;

function readableName(p: ParsedDomain): ReadableName {
  const sld = p.isIdn ? p.sldUnicode : p.sld;
  const unicodeLength = p.isIdn ? Array.from(sld).length : p.sld.length;
  // Everything works on ASCII letters and digits. A Latin-script IDN keeps its letters
  // without accents ("münchen" -> "munchen"); a name in another script has no such reading, so
  // its Punycode body stands in: it values the name as the hard-to-type string buyers see.
  const folded = p.isIdn
    ? sld
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9-]/g, '')
    : p.sld;
  const nonLatin = p.isIdn && folded.length * 2 < unicodeLength;
  return { sld, unicodeLength, nonLatin, core: nonLatin ? p.sld.slice(4) : folded };
}

/** One pass over the characters: counts, runs and shapes the later groups build on. */
interface Scan {
  n: number;
  letters: number;
  digits: number;
  hyphens: number;
  vowels: number;
  consonants: number;
  maxRun: number;
  doubled: number;
  maxCons: number;
  maxVow: number;
  transitions: number;
  rare: number;
  letterCount: Int32Array;
  digitCount: Int32Array;
  /** `L` letter, `N` digit, `-` hyphen per character. */
  shape: string;
  /** `C` consonant, `V` vowel, `N` digit, `-` hyphen per character. */
  cvShape: string;
  hyphenGroups: number;
  digitGroups: number;
  letterGroups: number;
  palindrome: boolean;
}

function scanCharacters(core: string): Scan {
  const n = core.length;
  const t: Scan = {
    n,
    letters: 0,
    digits: 0,
    hyphens: 0,
    vowels: 0,
    consonants: 0,
    maxRun: 1,
    doubled: 0,
    maxCons: 0,
    maxVow: 0,
    transitions: 0,
    rare: 0,
    letterCount: new Int32Array(26),
    digitCount: new Int32Array(10),
    shape: '',
    cvShape: '',
    hyphenGroups: 0,
    digitGroups: 0,
    letterGroups: 0,
    palindrome: n > 1,
  };
  let run = 1,
    cons = 0,
    vow = 0,
    prevClass = 0;
  let prevVowel: boolean | null = null;
  for (let i = 0; i < n; i++) {
    const ch = core[i] as string;
    const code = ch.charCodeAt(0);
    const cls = code >= 97 ? 1 : code >= 48 ? 2 : 3;
    if (cls !== prevClass) {
      if (cls === 1) t.letterGroups++;
      else if (cls === 2) t.digitGroups++;
      else t.hyphenGroups++;
      prevClass = cls;
    }
    if (t.palindrome && ch !== core[n - 1 - i]) t.palindrome = false;
    if (i > 0 && ch === core[i - 1]) {
      run++;
      t.doubled++;
      if (run > t.maxRun) t.maxRun = run;
    } else run = 1;
    if (code >= 97 && code <= 122) {
      t.letters++;
      t.letterCount[code - 97]!++;
      t.shape += 'L';
      const v = VOWELS.has(ch);
      t.cvShape += v ? 'V' : 'C';
      if (v) {
        t.vowels++;
        vow++;
        cons = 0;
        if (vow > t.maxVow) t.maxVow = vow;
      } else {
        t.consonants++;
        cons++;
        vow = 0;
        if (cons > t.maxCons) t.maxCons = cons;
      }
      if (prevVowel !== null && prevVowel !== v) t.transitions++;
      prevVowel = v;
      if (ch === 'q' || ch === 'x' || ch === 'z' || ch === 'j') t.rare++;
    } else {
      if (code >= 48 && code <= 57) {
        t.digits++;
        t.digitCount[code - 48]!++;
        t.shape += 'N';
        t.cvShape += 'N';
      } else {
        t.hyphens++;
        t.shape += '-';
        t.cvShape += '-';
      }
      cons = 0;
      vow = 0;
      prevVowel = null;
    }
  }
  return t;
}

// ---- lengths and character classes ----
function characterSignals(s: Signals, p: ParsedDomain, name: ReadableName, t: Scan): void {
  const { core } = name;
  const { n, letters, digits, hyphens, vowels } = t;
  let unique = 0;
  for (let i = 0; i < 26; i++) if ((t.letterCount[i] as number) > 0) unique++;
  for (let i = 0; i < 10; i++) if ((t.digitCount[i] as number) > 0) unique++;

  s.length = n;
  s.unicode_length = name.unicodeLength;
  s.is_non_latin_script = name.nonLatin;
  s.label_count = p.domain.split('.').length;
  s.subdomain_count = p.subLabels.length;
  s.tld_length = p.tld.length;
  s.tld_label_count = p.tld.split('.').length;
  s.letter_count = letters;
  s.digit_count = digits;
  s.hyphen_count = hyphens;
  s.vowel_count = vowels;
  s.consonant_count = t.consonants;
  s.vowel_ratio = letters ? vowels / letters : 0;
  s.digit_ratio = n ? digits / n : 0;
  s.unique_chars = unique;
  s.unique_ratio = n ? unique / n : 0;
  s.max_repeat_run = n ? t.maxRun : 0;
  s.doubled_chars = t.doubled;
  s.max_consonant_run = t.maxCons;
  s.max_vowel_run = t.maxVow;
  s.cv_transitions = t.transitions;
  s.is_all_letters = n > 0 && letters === n;
  s.is_all_digits = n > 0 && digits === n;
  s.is_alphanumeric_mix = letters > 0 && digits > 0;
  s.has_hyphen = hyphens > 0;
  s.starts_with_digit = n > 0 && t.shape[0] === 'N';
  s.ends_with_digit = n > 0 && t.shape[n - 1] === 'N';
  s.hyphen_groups = t.hyphenGroups;
  s.digit_groups = t.digitGroups;
  s.letter_groups = t.letterGroups;
  s.is_palindrome = t.palindrome;
  s.rare_letter_count = t.rare;
  s.rare_letter_ratio = letters ? t.rare / letters : 0;
  s.starts_with_vowel = n > 0 && VOWELS.has(core[0] as string);
  s.ends_with_vowel = n > 0 && VOWELS.has(core[n - 1] as string);
  s.ends_with_s = core.endsWith('s') && !core.endsWith('ss');
  for (let i = 0; i < 26; i++) s[LETTER_KEYS[i] as string] = t.letterCount[i] as number;
  for (let i = 0; i < 10; i++) s[DIGIT_KEYS[i] as string] = t.digitCount[i] as number;
}

// ---- patterns ----
function patternSignals(s: Signals, core: string, t: Scan): void {
  const { n, letters, digits, vowels, maxRun, digitCount } = t;
  for (const [sh, key] of SHAPE_KEYS) s[key] = t.shape === sh;
  for (const [sh, key] of CV_SHAPE_KEYS) s[key] = t.cvShape === sh;
  s.is_chip = n === 4 && letters === 4 && vowels === 0;
  s.is_repeated_digit = digits === n && n >= 2 && maxRun === n;
  s.is_repeated_letter = letters === n && n >= 2 && maxRun === n;
  let seq = n >= 3 && digits === n;
  for (let i = 1; seq && i < n; i++) if (core.charCodeAt(i) - core.charCodeAt(i - 1) !== 1) seq = false;
  s.is_sequential_digits = seq;
  s.lucky_eight_count = digitCount[8] as number;
  s.has_four = (digitCount[4] as number) > 0;
  s.is_chinese_premium = digits === n && n > 0 && digitCount[4] === 0;
  s.is_year = /^(19|20)\d\d$/.test(core);
  s.is_abab = n === 4 && core[0] === core[2] && core[1] === core[3] && core[0] !== core[1];
  s.is_aabb = n === 4 && core[0] === core[1] && core[2] === core[3] && core[0] !== core[2];
  s.numeric_value_log = digits === n && n > 0 && n <= 15 ? log10p(Number(core)) : 0;
  s.is_short_numeric = digits === n && n > 0 && n <= 5;
  s.is_short_letters = letters === n && n > 0 && n <= 4;
}

// ---- pronounceability (bigram model) ----
/**
 * Calls `visit` with each letter pair's log-probability, scoring each run of letters as its own word
 * with '^' and '$' at the run's edges. `i` is the index of the pair's second character (n for the
 * final '$'); `isLetter` is false when that second character is the run's end.
 */
function forEachBigram(
  core: string,
  visit: (logp: number, i: number, prevCode: number, isLetter: boolean) => void,
) {
  const n = core.length;
  let prevCode = 26;
  for (let i = 0; i <= n; i++) {
    const code = i < n ? core.charCodeAt(i) - 97 : -1;
    const isLetter = code >= 0 && code < 26;
    if (!isLetter && prevCode === 26) continue;
    visit(BIGRAM_LOGP[prevCode * ALPHA + (isLetter ? code : 27)] as number, i, prevCode, isLetter);
    prevCode = isLetter ? code : 26;
  }
}

/** Writes the bigram signals; returns the mean bigram log-probability (the brandable score uses it). */
function pronunciationSignals(s: Signals, core: string, t: Scan): number {
  let lp = 0,
    lpMin = 0,
    bigrams = 0,
    bad = 0;
  forEachBigram(core, (v) => {
    lp += v;
    if (v < lpMin) lpMin = v;
    if (v < -6) bad++;
    bigrams++;
  });
  const pron = bigrams ? lp / bigrams : -6;
  s.bigram_logp_mean = pron;
  s.bigram_logp_min = lpMin;
  s.rare_bigram_count = bad;
  s.is_pronounceable = t.letters > 0 && pron > -3.1 && t.maxCons <= 3 && bad === 0;
  return pron;
}

/**
 * The least English-like letter pair of the name, for the texts: two letters (`mh`), or one letter
 * at the start (`^x`) or end (`q$`) of a run of letters. null when the name has no letters.
 */
export function rarestLetterPair(core: string): string | null {
  let worst: string | null = null,
    worstLp = Infinity;
  forEachBigram(core, (v, i, prevCode, isLetter) => {
    if (v < worstLp) {
      worstLp = v;
      worst = `${prevCode === 26 ? '^' : core[i - 1]}${isLetter ? core[i] : '$'}`;
    }
  });
  return worst;
}

// ---- words ----
/** Writes the segmentation and word signals; returns the words found (tokens of kind 'word'). */
function wordSignals(s: Signals, core: string, t: Scan, wordsOut: string[] | undefined): Token[] {
  const { n, letters } = t;
  const seg = segmentLabel(core);
  const words = seg.tokens.filter((w) => w.kind === 'word');
  if (wordsOut) for (const w of seg.tokens) wordsOut.push(w.text);
  let unknownLetters = 0;
  for (const w of seg.tokens) if (w.kind === 'unknown') unknownLetters += w.text.length;
  const st = wordStats(words);
  const whole = letters === n ? WORD_RANK.get(core) : undefined;
  s.word_count = words.length;
  s.token_count = seg.tokens.length;
  s.segmentation_cost = seg.cost;
  s.segmentation_cost_per_letter = letters ? seg.cost / letters : 0;
  s.unknown_letter_count = unknownLetters;
  s.single_letter_word_count = st.shortJunk;
  s.all_letters_are_words = letters > 0 && unknownLetters === 0 && st.shortJunk === 0;
  s.word_coverage = letters ? st.wordLetters / letters : 0;
  s.common_word_count = st.common;
  s.top1000_word_count = st.top1000;
  s.dictionary_word_count = st.dict;
  s.longest_word_length = st.longest;
  s.shortest_word_length = st.shortest;
  s.mean_word_length = words.length ? st.lenSum / words.length : 0;
  s.min_word_rank_log = st.rankMin;
  s.max_word_rank_log = st.rankMax;
  s.mean_word_rank_log = words.length ? st.rankSum / words.length : LOG_VOCAB;
  s.first_word_rank_log = st.lrank[0] ?? LOG_VOCAB;
  s.last_word_rank_log = st.lrank[st.lrank.length - 1] ?? LOG_VOCAB;
  s.is_dictionary_word = whole !== undefined && whole <= 60000 && n >= 2;
  s.whole_word_rank_log = whole !== undefined ? Math.log10(whole) : LOG_VOCAB + 0.3;
  s.is_single_word = words.length === 1 && seg.tokens.length === 1 && (n >= 3 || whole !== undefined);
  s.is_two_words = words.length === 2 && seg.tokens.length === 2 && s.all_letters_are_words === true;
  s.is_three_plus_words = words.length >= 3;
  for (let k = 0; k < 4; k++) {
    const w = words[k];
    const [lenKey, rankKey] = WORD_KEYS[k] as readonly [string, string];
    s[lenKey] = w ? w.text.length : 0;
    s[rankKey] = w ? Math.log10(w.rank) : 0;
  }
  // A plural reading of one word ("cars") keeps nearly all the value of the word itself.
  const stem = core.endsWith('s') ? core.slice(0, -1) : '';
  // Names of people, places and firms fill much of the frequency list; buyers pay for plain English.
  s.english_word_count = st.englishWords;
  s.non_english_word_count = st.properWords;
  s.english_word_share = words.length ? st.englishWords / words.length : 0;
  s.all_words_english = words.length > 0 && st.englishWords === words.length && unknownLetters === 0;
  s.is_english_word = whole !== undefined && isEnglishRank(whole);
  s.is_plural_of_word = stem.length >= 2 && (WORD_RANK.get(stem) ?? Infinity) <= 40000;
  // Does the whole string read as a single word at all (even a rare one)?
  s.whole_segment_is_one_token = letters === n && seg.tokens.length === 1;
  return words;
}

/** Counts and rank figures over the words of a segmentation. */
function wordStats(words: Token[]) {
  const st = {
    englishWords: 0,
    properWords: 0,
    shortJunk: 0,
    wordLetters: 0,
    common: 0,
    top1000: 0,
    dict: 0,
    longest: 0,
    shortest: words.length ? 99 : 0,
    lenSum: 0,
    rankSum: 0,
    rankMin: LOG_VOCAB,
    rankMax: words.length ? 0 : LOG_VOCAB,
    /** log10 rank of each word, in order. */
    lrank: [] as number[],
  };
  for (const w of words) {
    const len = w.text.length;
    const lr = Math.log10(w.rank);
    st.lrank.push(lr);
    if (len === 1 && w.text !== 'a' && w.text !== 'i') st.shortJunk++;
    if (len >= 2) {
      if (isEnglishRank(w.rank)) st.englishWords++;
      else st.properWords++;
    }
    if (len >= 3) st.wordLetters += len;
    if (len >= 2 && w.rank <= 5000) st.common++;
    if (len >= 2 && w.rank <= 1000) st.top1000++;
    if (len >= 2 && w.rank <= 40000) st.dict++;
    if (len > st.longest) st.longest = len;
    if (len < st.shortest) st.shortest = len;
    st.lenSum += len;
    st.rankSum += lr;
    if (lr < st.rankMin) st.rankMin = lr;
    if (lr > st.rankMax) st.rankMax = lr;
  }
  return st;
}

// ---- keyword categories ----
/** Writes the category signals; returns how many categories the name falls in. */
function categorySignals(s: Signals, words: Token[], categoryPercentages: Record<string, number>): number {
  const wordSet = new Set(words.map((w) => w.text));
  const catHits = new Int32Array(CATEGORIES.length);
  for (const w of wordSet) for (const idx of CATEGORY_OF.get(w) ?? []) catHits[idx]!++;
  let catCount = 0,
    bestPct = 0,
    catWords = 0;
  CATEGORIES.forEach((cat, idx) => {
    const hit = (catHits[idx] as number) > 0;
    s[CATEGORY_KEYS[idx] as string] = hit;
    if (hit) {
      catCount++;
      catWords += catHits[idx] as number;
      const pct = clampPct(categoryPercentages[cat.id] ?? cat.defaultPercentage);
      if (pct > bestPct) bestPct = pct;
    }
  });
  s.category_count = catCount;
  s.category_keyword_count = catWords;
  s.category_percentage = bestPct;
  s.has_commercial_keyword = catCount > 0;
  s.commercial_keyword_share = words.length ? catWords / words.length : 0;
  return catCount;
}

// ---- adult, gambling, brands, places ----
function sensitiveSignals(s: Signals, core: string, words: Token[], catCount: number): void {
  let adult = 0,
    gambling = 0,
    geo = 0;
  for (const w of words) {
    if (ADULT_WORDS.has(w.text)) adult++;
    if (GAMBLING_WORDS.has(w.text)) gambling++;
    if (GEO_WORDS.has(w.text)) geo++;
  }
  s.adult_word_count = adult;
  s.is_adult = adult > 0;
  s.gambling_word_count = gambling;
  s.is_gambling = gambling > 0;
  s.geo_word_count = geo;
  s.is_geo_service = geo > 0 && catCount > 0;
  let brandWord = false,
    brandSub = false;
  for (const w of words) if (BRANDS.has(w.text) && !BRAND_COMMON_WORDS.has(w.text)) brandWord = true;
  if (!brandWord && core.length >= 6)
    for (const b of LONG_BRANDS)
      if (core.includes(b)) {
        brandSub = true;
        break;
      }
  s.brand_exact = BRANDS.has(core) && !BRAND_COMMON_WORDS.has(core);
  s.brand_word = brandWord;
  s.brand_substring = brandSub;
  s.trademark_risk = (brandWord || brandSub) && !s.brand_exact ? 1 : s.brand_exact ? 0.5 : 0;
}

// ---- prefixes and suffixes (brandable constructions) ----
function brandableSignals(s: Signals, core: string, t: Scan, pron: number): void {
  const { n, letters, digits, hyphens } = t;
  for (const [pre, key] of PREFIX_KEYS)
    s[key] = core.startsWith(pre) && WORD_RANK.has(core.slice(pre.length)) && core.length > pre.length + 2;
  for (const [suf, key] of SUFFIX_KEYS) s[key] = core.endsWith(suf) && core.length > suf.length + 2;
  s.generic_prefix = GENERIC_PREFIXES.some(
    (pre) =>
      core.startsWith(pre) &&
      (WORD_RANK.get(core.slice(pre.length)) ?? Infinity) < 30000 &&
      core.length > pre.length + 2,
  );
  s.generic_suffix = GENERIC_SUFFIXES.some((suf) => core.endsWith(suf) && core.length > suf.length + 2);
  // An invented but sayable 5-9 letter name (Zillow, Trivago) is the classic "brandable".
  const brandable = letters === n && n >= 5 && n <= 9 && !s.is_dictionary_word && s.is_pronounceable === true;
  s.is_brandable = brandable;
  s.brandable_score =
    Math.max(0, Math.min(1, (pron + 4) / 2)) *
    (n >= 4 && n <= 10 ? 1 : 0.5) *
    (digits + hyphens === 0 ? 1 : 0.4);
}

// ---- extension ----
function extensionSignals(s: Signals, p: ParsedDomain, core: string): void {
  const tldKey = p.tld;
  const tldLast = lastLabel(tldKey);
  const w = TLD_WEIGHTS[tldKey] ?? TLD_WEIGHTS[tldLast];
  const isCc = tldLast.length === 2;
  s.tld_known = w !== undefined;
  s.tld_weight = w ?? (isCc ? 0.2 : 0.08);
  s.tld_weight_log = Math.log10(s.tld_weight as number);
  for (const [t, key] of TLD_KEYS) s[key] = tldLast === t;
  s.tld_is_cctld = isCc;
  s.tld_is_legacy_gtld = LEGACY_GTLDS.has(tldKey);
  s.tld_is_new_gtld = !isCc && !LEGACY_GTLDS.has(tldKey) && !tldKey.includes('.');
  s.tld_is_multi_label = tldKey.includes('.');
  s.tld_is_idn = tldLast.startsWith('xn--');
  s.tld_hack =
    tldLast.length >= 2 && WORD_RANK.has(core + tldLast) && (WORD_RANK.get(core + tldLast) as number) < 40000;
}

const lastLabel = (tld: string) => tld.split('.').pop() as string;

// ---- IDN ----
function idnSignals(s: Signals, p: ParsedDomain, sld: string): void {
  let nonAscii = 0,
    latinExt = 0,
    cyr = 0,
    cjk = 0,
    arabic = 0,
    otherScript = 0;
  if (p.isIdn)
    for (const ch of sld) {
      const c = ch.codePointAt(0) as number;
      if (c < 0x80) continue;
      nonAscii++;
      if (c < 0x250) latinExt++;
      else if (c >= 0x400 && c < 0x530) cyr++;
      else if ((c >= 0x3040 && c < 0xa000) || (c >= 0xac00 && c < 0xd7b0)) cjk++;
      else if (c >= 0x600 && c < 0x700) arabic++;
      else otherScript++;
    }
  s.is_idn = p.isIdn;
  s.non_ascii_count = nonAscii;
  s.script_latin_extended = latinExt > 0;
  s.script_cyrillic = cyr > 0;
  s.script_cjk = cjk > 0;
  s.script_arabic = arabic > 0;
  s.script_other = otherScript > 0;
  s.punycode_length = p.sld.length;
}

// ---- composite scores used by the model and the texts ----
function summarySignals(s: Signals, p: ParsedDomain, t: Scan): void {
  const { n, letters, digits, hyphens } = t;
  const plainCom = lastLabel(p.tld) === 'com' && !p.tld.includes('.');
  s.length_penalty = Math.max(0, n - 6);
  s.is_short = n <= 5;
  s.is_very_short = n <= 3;
  s.is_long = n >= 13;
  s.one_word_com = s.is_single_word === true && plainCom;
  s.two_word_com = s.is_two_words === true && plainCom;
  s.noise_score =
    hyphens * 2 +
    (letters > 0 && digits > 0 ? 2 : 0) +
    (s.unknown_letter_count as number) * 0.5 +
    (s.single_letter_word_count as number);
}

function clampPct(v: number): number {
  if (!Number.isFinite(v)) return 0;
  return Math.max(0, Math.min(100, v));
}
