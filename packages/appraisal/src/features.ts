import { CATEGORIES } from './lexicon.ts';
import type { Signals } from './signals.ts';

// The model's inputs: a fixed, ordered selection (and a few transforms) of the signals.
// Shared by the engine and scripts/calibrate.ts so the fitted weights always line up.

const num = (v: number | boolean | undefined): number => (typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? 0));

type Extract = (s: Signals) => number;

/** A signal as it is (a flag as 0 or 1). */
const signal =
  (key: string): Extract =>
  (s) =>
    num(s[key]);
/** A count or score, capped so a few extreme names do not steer the fit. */
const capped =
  (key: string, cap: number): Extract =>
  (s) =>
    Math.min(cap, num(s[key]));

function lengthBucket(lo: number, hi: number): Extract {
  return (s) => {
    const n = num(s.length);
    return n >= lo && n <= hi ? 1 : 0;
  };
}

// One-hot bands of a word's frequency rank (log10), gated by a condition such as "single word in .com".
function rankBands(prefix: string, gate: Extract, rankLog: Extract): Array<readonly [string, Extract]> {
  const bands: Array<[string, number, number]> = [
    ['top2k', 0, 3.3],
    ['2k_10k', 3.3, 4],
    ['10k_40k', 4, 4.6],
    ['rare', 4.6, 99],
  ];
  return bands.map(
    ([name, lo, hi]) =>
      [
        `${prefix}_${name}`,
        (s: Signals) => {
          const r = rankLog(s);
          return gate(s) * (r >= lo && r < hi ? 1 : 0);
        },
      ] as const,
  );
}

const isCom = (s: Signals) => num(s.tld_com) * (num(s.tld_is_multi_label) ? 0 : 1);
const MAJOR_CC = ['tld_de', 'tld_uk', 'tld_ca', 'tld_eu', 'tld_cn', 'tld_us'];

export const FEATURES: ReadonlyArray<readonly [string, Extract]> = [
  ['len_1_2', lengthBucket(1, 2)],
  ['len_3', lengthBucket(3, 3)],
  ['len_4', lengthBucket(4, 4)],
  ['len_5', lengthBucket(5, 5)],
  ['len_6', lengthBucket(6, 6)],
  ['len_7_8', lengthBucket(7, 8)],
  ['len_9_10', lengthBucket(9, 10)],
  ['len_11_13', lengthBucket(11, 13)],
  ['len_14_17', lengthBucket(14, 17)],
  ['len_18_plus', lengthBucket(18, 999)],
  ['length_log', (s) => Math.log2(1 + num(s.length))],
  ['tld_com', isCom],
  ['tld_net', signal('tld_net')],
  ['tld_org', signal('tld_org')],
  ['tld_ai', signal('tld_ai')],
  ['tld_io', signal('tld_io')],
  ['tld_co', (s) => num(s.tld_co) * (num(s.tld_is_multi_label) ? 0 : 1)],
  ['tld_major_cc', (s) => (MAJOR_CC.some((k) => num(s[k]) === 1) ? 1 : 0)],
  ['tld_weight_log', signal('tld_weight_log')],
  ['tld_new_gtld', signal('tld_is_new_gtld')],
  ['com_x_len_1_3', (s) => isCom(s) * (num(s.length) <= 3 ? 1 : 0)],
  ['com_x_len_4', (s) => isCom(s) * (num(s.length) === 4 ? 1 : 0)],
  ['com_x_len_5_6', (s) => isCom(s) * (num(s.length) >= 5 && num(s.length) <= 6 ? 1 : 0)],
  ['one_word_com', signal('one_word_com')],
  ['two_word_com', signal('two_word_com')],
  ['com_x_word_rank', (s) => isCom(s) * num(s.is_single_word) * (5.4 - num(s.whole_word_rank_log))],
  ...rankBands(
    'sw_com',
    (s) => isCom(s) * num(s.is_single_word),
    (s) => num(s.whole_word_rank_log),
  ),
  ...rankBands(
    'sw_other',
    (s) => (1 - isCom(s)) * num(s.is_single_word),
    (s) => num(s.whole_word_rank_log),
  ),
  ...rankBands(
    'two_com',
    (s) => isCom(s) * num(s.is_two_words),
    (s) => num(s.max_word_rank_log),
  ),
  [
    'words_quality_com',
    (s) =>
      (isCom(s) * num(s.all_letters_are_words) * Math.max(0, 5 - num(s.max_word_rank_log))) /
      Math.max(1, num(s.word_count)),
  ],
  ['commercial_com', (s) => isCom(s) * num(s.has_commercial_keyword) * (num(s.word_count) <= 2 ? 1 : 0)],
  ...(['ai', 'io', 'co', 'net', 'org'] as const).map((t) => {
    const key = `tld_${t}`;
    return [
      `sw_dict_${t}`,
      (s: Signals) => num(s[key]) * num(s.is_single_word) * num(s.is_dictionary_word),
    ] as const;
  }),
  [
    'sw_dict_major_cc',
    (s) =>
      (MAJOR_CC.some((k) => num(s[k]) === 1) ? 1 : 0) * num(s.is_single_word) * num(s.is_dictionary_word),
  ],
  ['sw_dict_new_gtld', (s) => num(s.tld_is_new_gtld) * num(s.is_single_word) * num(s.is_dictionary_word)],
  ['two_words_ai', (s) => num(s.tld_ai) * num(s.is_two_words)],
  ['short_com_letters', (s) => isCom(s) * num(s.is_all_letters) * Math.max(0, 6 - num(s.length))],
  ['short_any_letters', (s) => num(s.is_all_letters) * Math.max(0, 6 - num(s.length))],
  ['sw_english_com', (s) => isCom(s) * num(s.is_single_word) * num(s.is_english_word)],
  ['sw_english_other', (s) => (1 - isCom(s)) * num(s.is_single_word) * num(s.is_english_word)],
  ['sw_not_english', (s) => num(s.is_single_word) * (1 - num(s.is_english_word))],
  ['two_english_com', (s) => isCom(s) * num(s.is_two_words) * num(s.all_words_english)],
  ['all_words_english', signal('all_words_english')],
  ['english_word_share', signal('english_word_share')],
  ['non_english_words', capped('non_english_word_count', 3)],
  ['single_word', signal('is_single_word')],
  ['dictionary_word', signal('is_dictionary_word')],
  ['whole_word_rank_log', capped('whole_word_rank_log', 5.5)],
  ['plural_of_word', signal('is_plural_of_word')],
  ['two_words', signal('is_two_words')],
  ['three_plus_words', signal('is_three_plus_words')],
  ['word_count', capped('word_count', 6)],
  ['mean_word_rank_log', signal('mean_word_rank_log')],
  ['max_word_rank_log', signal('max_word_rank_log')],
  ['min_word_rank_log', signal('min_word_rank_log')],
  ['word_coverage', signal('word_coverage')],
  ['all_letters_are_words', signal('all_letters_are_words')],
  ['unknown_letters', capped('unknown_letter_count', 8)],
  ['single_letter_words', capped('single_letter_word_count', 4)],
  ['seg_cost_per_letter', capped('segmentation_cost_per_letter', 6)],
  ['common_word_count', capped('common_word_count', 4)],
  ['all_digits', signal('is_all_digits')],
  ['digit_count', capped('digit_count', 8)],
  ['alnum_mix', signal('is_alphanumeric_mix')],
  ['short_numeric', signal('is_short_numeric')],
  ['chinese_premium', signal('is_chinese_premium')],
  ['lucky_eights', capped('lucky_eight_count', 4)],
  ['repeated_chars', (s) => num(s.is_repeated_digit) + num(s.is_repeated_letter)],
  ['hyphens', capped('hyphen_count', 3)],
  ['letters_LL', signal('pattern_LL')],
  ['letters_LLL', signal('pattern_LLL')],
  ['letters_LLLL', signal('pattern_LLLL')],
  ['chip', signal('is_chip')],
  ['cvcv', (s) => num(s.pattern_CVCV) + num(s.pattern_CVCVC)],
  ['bigram_logp_mean', (s) => Math.max(-6, num(s.bigram_logp_mean))],
  ['max_consonant_run', capped('max_consonant_run', 6)],
  ['pronounceable', signal('is_pronounceable')],
  ['brandable', signal('is_brandable')],
  ['rare_letter_ratio', signal('rare_letter_ratio')],
  ...CATEGORIES.map((c) => {
    const key = `category_${c.id}`;
    return [key, (s: Signals) => num(s[key])] as const;
  }),
  ['category_count', capped('category_count', 3)],
  ['adult', signal('is_adult')],
  ['gambling', signal('is_gambling')],
  ['geo_service', signal('is_geo_service')],
  ['trademark_risk', signal('trademark_risk')],
  ['generic_prefix', signal('generic_prefix')],
  ['generic_suffix', signal('generic_suffix')],
];

export const FEATURE_NAMES = FEATURES.map(([n]) => n);

export function featureVector(s: Signals): Float64Array {
  const x = new Float64Array(FEATURES.length);
  for (let i = 0; i < FEATURES.length; i++) x[i] = (FEATURES[i] as readonly [string, Extract])[1](s);
  return x;
}
