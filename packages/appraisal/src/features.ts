import { CATEGORIES } from './lexicon.ts';
import type { Signals } from './signals.ts';

// The model's inputs: a fixed, ordered selection (and a few transforms) of the signals.
// Shared by the engine and scripts/calibrate.ts so the fitted weights always line up.

const num = (v: number | boolean | undefined): number => (typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? 0));

type Extract = (s: Signals) => number;

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
  ['tld_net', (s) => num(s.tld_net)],
  ['tld_org', (s) => num(s.tld_org)],
  ['tld_ai', (s) => num(s.tld_ai)],
  ['tld_io', (s) => num(s.tld_io)],
  ['tld_co', (s) => num(s.tld_co) * (num(s.tld_is_multi_label) ? 0 : 1)],
  ['tld_major_cc', (s) => (MAJOR_CC.some((k) => num(s[k]) === 1) ? 1 : 0)],
  ['tld_weight_log', (s) => num(s.tld_weight_log)],
  ['tld_new_gtld', (s) => num(s.tld_is_new_gtld)],
  ['com_x_len_1_3', (s) => isCom(s) * (num(s.length) <= 3 ? 1 : 0)],
  ['com_x_len_4', (s) => isCom(s) * (num(s.length) === 4 ? 1 : 0)],
  ['com_x_len_5_6', (s) => isCom(s) * (num(s.length) >= 5 && num(s.length) <= 6 ? 1 : 0)],
  ['one_word_com', (s) => num(s.one_word_com)],
  ['two_word_com', (s) => num(s.two_word_com)],
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
  ['all_words_english', (s) => num(s.all_words_english)],
  ['english_word_share', (s) => num(s.english_word_share)],
  ['non_english_words', (s) => Math.min(3, num(s.non_english_word_count))],
  ['single_word', (s) => num(s.is_single_word)],
  ['dictionary_word', (s) => num(s.is_dictionary_word)],
  ['whole_word_rank_log', (s) => Math.min(5.5, num(s.whole_word_rank_log))],
  ['plural_of_word', (s) => num(s.is_plural_of_word)],
  ['two_words', (s) => num(s.is_two_words)],
  ['three_plus_words', (s) => num(s.is_three_plus_words)],
  ['word_count', (s) => Math.min(6, num(s.word_count))],
  ['mean_word_rank_log', (s) => num(s.mean_word_rank_log)],
  ['max_word_rank_log', (s) => num(s.max_word_rank_log)],
  ['min_word_rank_log', (s) => num(s.min_word_rank_log)],
  ['word_coverage', (s) => num(s.word_coverage)],
  ['all_letters_are_words', (s) => num(s.all_letters_are_words)],
  ['unknown_letters', (s) => Math.min(8, num(s.unknown_letter_count))],
  ['single_letter_words', (s) => Math.min(4, num(s.single_letter_word_count))],
  ['seg_cost_per_letter', (s) => Math.min(6, num(s.segmentation_cost_per_letter))],
  ['common_word_count', (s) => Math.min(4, num(s.common_word_count))],
  ['all_digits', (s) => num(s.is_all_digits)],
  ['digit_count', (s) => Math.min(8, num(s.digit_count))],
  ['alnum_mix', (s) => num(s.is_alphanumeric_mix)],
  ['short_numeric', (s) => num(s.is_short_numeric)],
  ['chinese_premium', (s) => num(s.is_chinese_premium)],
  ['lucky_eights', (s) => Math.min(4, num(s.lucky_eight_count))],
  ['repeated_chars', (s) => num(s.is_repeated_digit) + num(s.is_repeated_letter)],
  ['hyphens', (s) => Math.min(3, num(s.hyphen_count))],
  ['letters_LL', (s) => num(s.pattern_LL)],
  ['letters_LLL', (s) => num(s.pattern_LLL)],
  ['letters_LLLL', (s) => num(s.pattern_LLLL)],
  ['chip', (s) => num(s.is_chip)],
  ['cvcv', (s) => num(s.pattern_CVCV) + num(s.pattern_CVCVC)],
  ['bigram_logp_mean', (s) => Math.max(-6, num(s.bigram_logp_mean))],
  ['max_consonant_run', (s) => Math.min(6, num(s.max_consonant_run))],
  ['pronounceable', (s) => num(s.is_pronounceable)],
  ['brandable', (s) => num(s.is_brandable)],
  ['rare_letter_ratio', (s) => num(s.rare_letter_ratio)],
  ...CATEGORIES.map((c) => {
    const key = `category_${c.id}`;
    return [key, (s: Signals) => num(s[key])] as const;
  }),
  ['category_count', (s) => Math.min(3, num(s.category_count))],
  ['adult', (s) => num(s.is_adult)],
  ['gambling', (s) => num(s.is_gambling)],
  ['geo_service', (s) => num(s.is_geo_service)],
  ['trademark_risk', (s) => num(s.trademark_risk)],
  ['generic_prefix', (s) => num(s.generic_prefix)],
  ['generic_suffix', (s) => num(s.generic_suffix)],
];

export const FEATURE_NAMES = FEATURES.map(([n]) => n);

export function featureVector(s: Signals): Float64Array {
  const x = new Float64Array(FEATURES.length);
  for (let i = 0; i < FEATURES.length; i++) x[i] = (FEATURES[i] as readonly [string, Extract])[1](s);
  return x;
}
