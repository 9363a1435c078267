import { parseDomain } from './domain.ts';
import { FEATURE_NAMES, featureVector } from './features.ts';
import { CATEGORIES } from './lexicon.ts';
import { MODEL_INTERCEPT, MODEL_WEIGHTS } from './model.ts';
import { formatUsd, listPriceInfo, roundQuote } from './quote.ts';
import { computeSignals, rarestLetterPair, readableCore, type Signals } from './signals.ts';
import type { AppraisalContext, AppraisalResult, Confidence } from './types.ts';

/** Above this market value a person should look at the name (the product offers a written appraisal). */
export const MANUAL_REVIEW_THRESHOLD_USD = 25_000;
const MIN_VALUE_USD = 5;
const ALTERNATIVE_EXTENSIONS = ['com', 'net', 'org', 'xyz', 'co', 'io', 'ca'] as const;

const WEIGHTS = Float64Array.from(FEATURE_NAMES, (n) => {
  const w = MODEL_WEIGHTS[n];
  if (w === undefined) throw new Error(`model.ts has no weight for feature ${n}; rerun scripts/calibrate.ts`);
  return w;
});

// Features grouped by what a visitor would recognise, to explain which parts moved the value.
type Theme = 'words' | 'tld' | 'length' | 'characters' | 'sound' | 'category' | 'sensitive' | 'idn';
function themeOf(feature: string): Theme {
  if (feature.startsWith('category_') || feature === 'commercial_com' || feature === 'geo_service')
    return 'category';
  if (feature.startsWith('tld_')) return 'tld';
  if (feature.startsWith('len_') || feature === 'length_log' || feature.startsWith('com_x_len'))
    return 'length';
  if (/digit|numeric|hyphen|alnum|chinese|lucky|repeated|letters_L|chip/.test(feature)) return 'characters';
  if (/bigram|consonant|pronounce|brandable|cvcv|rare_letter|generic_/.test(feature)) return 'sound';
  if (feature === 'adult' || feature === 'gambling' || feature === 'trademark_risk') return 'sensitive';
  if (feature === 'idn') return 'idn';
  return 'words';
}
const THEMES: Theme[] = ['words', 'tld', 'length', 'characters', 'sound', 'category', 'sensitive', 'idn'];
const THEME_INDEX = FEATURE_NAMES.map((f) => THEMES.indexOf(themeOf(f)));

function themeContributions(x: Float64Array): Float64Array {
  const out = new Float64Array(THEMES.length);
  for (let j = 0; j < x.length; j++)
    out[THEME_INDEX[j] as number]! += (WEIGHTS[j] as number) * (x[j] as number);
  return out;
}

// What an ordinary name (two plain words in .com) gets from each theme; explanations
// are ranked by how far this name departs from it.
const REFERENCE = themeContributions(featureVector(computeSignals(parseDomain('bluegarden.com'), {})));

function logValue(x: Float64Array): number {
  let v = MODEL_INTERCEPT;
  for (let j = 0; j < x.length; j++) v += (WEIGHTS[j] as number) * (x[j] as number);
  return v;
}

function confidenceOf(s: Signals, value: number): Confidence {
  const tldKnown = s.tld_known === true;
  const plain = s.all_letters_are_words === true && (s.word_count as number) <= 2;
  if (s.is_idn === true || !tldKnown || (s.unknown_letter_count as number) > 3 || value > 1_000_000)
    return 'low';
  if (plain && (s.tld_com === true || s.tld_net === true || s.tld_org === true) && value < 100_000)
    return 'high';
  return 'medium';
}
// Half-width of the range in log10 units: about the model's typical error for such names.
const SPREAD: Record<Confidence, number> = { high: 0.3, medium: 0.45, low: 0.65 };

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

interface Reason {
  theme: Theme;
  text: string;
}

/** The reasons for a name, one per theme that applies, in a fixed order (the caller ranks them). */
function explain(s: Signals, core: string, tld: string, words: string[], registrable: string): Reason[] {
  if (s.is_non_latin_script === true) return explainNonLatin(s, tld, registrable);
  return [
    wordsReason(s, tld, words),
    extensionReason(s, tld),
    lengthReason(s),
    charactersReason(s),
    soundReason(s, core, words),
    ...categoryReasons(s),
    ...sensitiveReasons(s),
    ...structureReasons(s, registrable),
  ];
}

/** What kind of name it is: one word, two words, letters, digits, an invented word, ... */
function wordsReason(s: Signals, tld: string, words: string[]): Reason {
  const n = s.length as number;
  const wc = s.word_count as number;
  const text = (t: string): Reason => ({ theme: 'words', text: t });
  if (s.is_single_word === true && s.is_dictionary_word === true && s.is_english_word === true)
    return text(
      tld === 'com'
        ? 'One dictionary word in .com: the most sought-after kind of name'
        : `One dictionary word ("${words[0]}"): easy to understand and remember`,
    );
  if (s.is_all_letters === true && n <= 4 && s.is_english_word !== true)
    return text(
      `${n}-letter name (${'L'.repeat(n)}): short letter combinations trade as a class, valued by length and letters`,
    );
  if (s.is_all_digits === true)
    return text(
      `All digits (${n}): numeric names trade as a class, especially short ones and in Asian markets`,
    );
  if (s.is_two_words === true)
    return text(`Two words ("${words.join(' ')}"): a clear phrase, the most common kind of name that sells`);
  if (s.all_letters_are_words === true && wc >= 3)
    return text(`${wc} words ("${words.join(' ')}"): descriptive but long phrases are worth less`);
  if (s.is_single_word === true)
    return text(
      s.is_english_word === true
        ? `One uncommon English word ("${words[0]}"): fewer buyers search for it`
        : `One word, but a name or non-English term ("${words[0]}"): its market is narrower`,
    );
  if (s.is_brandable === true)
    return text('An invented but sayable word: brandable, value depends on finding the right buyer');
  return text(
    (s.unknown_letter_count as number) > 0
      ? 'Parts of the name are not words a buyer would recognise'
      : s.has_hyphen === true || s.is_alphanumeric_mix === true
        ? `Words joined with digits or hyphens ("${words.join(' ')}"): harder to say and remember than the words alone`
        : `Reads as "${words.join(' ')}"`,
  );
}

function extensionReason(s: Signals, tld: string): Reason {
  const tw = s.tld_weight as number;
  const dot = `.${tld}`;
  return {
    theme: 'tld',
    text:
      tld === 'com'
        ? '.com: the extension buyers trust and pay most for'
        : tw >= 0.4
          ? `${dot}: a well-regarded extension, worth less than .com but with its own market`
          : tw >= 0.2
            ? `${dot}: a regional or niche extension; buyers are fewer than for .com`
            : `${dot}: a newer or low-demand extension; names in it rarely resell for much`,
  };
}

function lengthReason(s: Signals): Reason {
  const n = s.length as number;
  const chars = plural(n, 'character');
  return {
    theme: 'length',
    text:
      n <= 3
        ? `${chars}: very short names are rare and command premiums`
        : n <= 8
          ? `${chars}: short names are easier to remember and type`
          : n <= 12
            ? `${chars}: medium length, still easy to type`
            : `${chars}: long names are harder to remember and worth less`,
  };
}

function charactersReason(s: Signals): Reason {
  const hy = s.hyphen_count as number;
  const dg = s.digit_count as number;
  return {
    theme: 'characters',
    text:
      s.is_all_digits === true
        ? s.is_chinese_premium === true
          ? 'No digit 4 (unlucky in Chinese markets): preferred by numeric buyers'
          : 'Contains 4, which some numeric buyers avoid'
        : hy > 0 && dg > 0
          ? `Hyphen and digits: both make a name harder to say and type, and lower its value`
          : hy > 0
            ? `${plural(hy, 'hyphen')}: hyphenated names sell for much less than the joined form`
            : dg > 0
              ? `${plural(dg, 'digit')} mixed with letters: harder to say aloud, lowers the value`
              : 'Letters only, no hyphens or digits: clean and easy to share',
  };
}

/**
 * How the name sounds. The signal reads the letters (consonant runs, letter pairs rare in English),
 * so the text names the cause it found; a name made of English words is easy to say whatever its
 * letters look like, and only its spelling suffers.
 */
function soundReason(s: Signals, core: string, words: string[]): Reason {
  const sound = (text: string): Reason => ({ theme: 'sound', text });
  if (s.is_pronounceable === true) return sound('Easy to pronounce: passes the "radio test"');
  if ((s.letter_count as number) === 0)
    return sound('No letters: said digit by digit, not as a word, so harder to pass on by voice');
  const cause = soundCause(s, core, words);
  return sound(
    s.is_english_word === true || s.all_words_english === true
      ? `Easy to say as English words, but harder to spell from hearing (${cause})`
      : `Hard to pronounce (${cause})`,
  );
}

function soundCause(s: Signals, core: string, words: string[]): string {
  const run = s.max_consonant_run as number;
  if (run > 3) return `${run} consonants in a row`;
  const pair = (s.rare_bigram_count as number) > 0 ? rarestLetterPair(core) : null;
  if (pair?.startsWith('^')) return `few English words start with "${pair.slice(1)}"`;
  if (pair?.endsWith('$')) return `few English words end in "${pair.slice(0, 1)}"`;
  if (pair)
    return words.some((w) => w.includes(pair))
      ? `"${pair}" is a letter pair English rarely uses`
      : `"${pair}" where the words meet is a letter pair English rarely uses`;
  return 'its letter combinations are unusual in English';
}

function categoryReasons(s: Signals): Reason[] {
  if (s.has_commercial_keyword !== true) return [];
  const cats = CATEGORIES.filter((c) => s[`category_${c.id}`] === true).map((c) => c.label);
  return [
    {
      theme: 'category',
      text: `Commercial keyword (${cats.join(', ')}): businesses in this field pay for matching names`,
    },
  ];
}

/** Adult and gambling words, famous brands: each narrows who can buy the name. */
function sensitiveReasons(s: Signals): Reason[] {
  const texts: string[] = [];
  if (s.is_adult === true)
    texts.push('Adult keyword: a strong niche market, but many buyers and marketplaces will not deal in it');
  if (s.is_gambling === true)
    texts.push('Gambling keyword: valuable to operators, but advertising it is restricted in many countries');
  if ((s.trademark_risk as number) >= 1)
    texts.push('Contains a famous brand: likely trademark dispute, a legitimate buyer may not touch it');
  else if (s.brand_exact === true)
    texts.push('Exactly a famous brand name: only its owner is a realistic buyer');
  return texts.map((text) => ({ theme: 'sensitive', text }));
}

/** Sub-domains and internationalised names. */
function structureReasons(s: Signals, registrable: string): Reason[] {
  const texts: string[] = [];
  if ((s.subdomain_count as number) > 0)
    texts.push(`Sub-domains are not sold on their own: this is the value of ${registrable}`);
  if (s.is_idn === true)
    texts.push('Internationalised (non-ASCII) name: valued in its own language market, few sales to compare');
  return texts.map((text) => ({ theme: 'idn', text }));
}

// A name in a non-Latin script has no English reading; its reasons are about the script and form.
function explainNonLatin(s: Signals, tld: string, registrable: string): Reason[] {
  const script =
    s.script_cyrillic === true
      ? 'Cyrillic'
      : s.script_cjk === true
        ? 'Chinese, Japanese or Korean'
        : s.script_arabic === true
          ? 'Arabic'
          : 'a non-Latin';
  const len = s.unicode_length as number;
  return [
    {
      theme: 'idn',
      text: `Written in ${script} script: valued in its own language market, where comparable sales are few`,
    },
    {
      theme: 'tld',
      text:
        tld === 'com'
          ? '.com: the extension buyers trust most, also for international names'
          : `.${tld}: the extension shapes which market will buy it`,
    },
    {
      theme: 'length',
      text: `${plural(len, 'character')} in its own script: shorter names are easier to remember and type`,
    },
    {
      theme: 'characters',
      text: `Many systems show it as ${registrable}, which is harder to share than the native form`,
    },
    {
      theme: 'words',
      text: 'Word meaning is not scored outside Latin script, so the estimate leans on length and extension',
    },
  ];
}

/**
 * Appraises one domain name. Pure and deterministic: the same input and context always give
 * the same result. Throws InvalidDomainError when the input is not a valid domain.
 */
export function appraise(domain: string, ctx: AppraisalContext = {}): AppraisalResult {
  const parsed = parseDomain(domain);
  const tokens: string[] = [];
  const s = computeSignals(parsed, ctx.categoryPercentages ?? {}, tokens);
  const x = featureVector(s);
  const base = logValue(x);
  const premium = Math.log10(1 + (s.category_percentage as number) / 100);
  const log = base + premium;
  const value = Math.max(MIN_VALUE_USD, roundQuote(10 ** log));
  const confidence = confidenceOf(s, value);
  const spread = SPREAD[confidence];
  const low = Math.max(1, roundQuote(value / 10 ** spread));
  const high = Math.max(value, roundQuote(value * 10 ** spread));
  // Brokers ask more than a name's market value and leave room to negotiate; the margin shrinks
  // as the price grows because expensive names have fewer, better-informed buyers.
  const markup = value < 1000 ? 2.5 : value < 100_000 ? 2 : 1.6;
  const list = Math.max(value, roundQuote(value * markup));
  const wholesale = Math.max(1, roundQuote(value * 0.25));
  const manual = value > MANUAL_REVIEW_THRESHOLD_USD || (s.trademark_risk as number) >= 1;
  const range = { low: Math.min(low, value), high };

  const reasons = explain(s, readableCore(parsed), parsed.tld, tokens, `${parsed.sld}.${parsed.tld}`);
  const contrib = themeContributions(x);
  const importance = (t: Theme) => {
    const i = THEMES.indexOf(t);
    const d = Math.abs((contrib[i] as number) - (REFERENCE[i] as number));
    return t === 'category' ? d + premium : t === 'sensitive' ? d + 1 : d;
  };
  // Non-Latin names keep their hand-written order: the model's themes say little about them.
  const description =
    s.is_non_latin_script === true
      ? reasons.map((r) => r.text)
      : reasons
          .map((r, i) => ({ r, i, w: importance(r.theme) }))
          .sort((a, b) => b.w - a.w || a.i - b.i)
          .map((e) => e.r.text);

  // Added in place: copying a 250-key object per call would cost more than computing it.
  s.model_log10_value = base;
  s.category_premium_log10 = premium;
  const signals = s;
  return {
    domain: parsed.domain,
    tld: parsed.tld,
    appraised_value: value,
    saw_appraised_value: list,
    saw_appraised_value_formatted: formatUsd(list),
    appraisalTypes: [
      {
        type: 'Wholesale',
        info: 'What a domain investor or reseller would likely pay to buy it now',
        value: wholesale,
      },
      {
        type: 'Market',
        info: 'Estimated price between a willing buyer and seller, from comparable sales',
        value,
      },
      {
        type: 'List',
        info: listPriceInfo(list, range),
        value: list,
      },
    ],
    description,
    availableExtensions: ALTERNATIVE_EXTENSIONS.filter((t) => t !== parsed.tld),
    manualReviewRequire: manual,
    range,
    confidence,
    signals,
  };
}
