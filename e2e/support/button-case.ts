/**
 * The button-label rule of docs/ui-conventions.md: Title Case. Every word starts with a capital
 * letter, except short function words inside the label; abbreviations keep their capitals; no label is
 * written (or styled) in all capitals.
 */
export const MINOR_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'but',
  'or',
  'nor',
  'for',
  'so',
  'yet',
  'as',
  'at',
  'by',
  'in',
  'of',
  'on',
  'to',
  'up',
  'via',
  'with',
  'per',
]);
export const ABBREVIATIONS = new Set([
  'PDF',
  'USD',
  'FAQ',
  'FAQs',
  'SMS',
  'OTP',
  'OK',
  'ID',
  'URL',
  'CSV',
  'TEST',
]);

/** Why `label` breaks the rule, or null when it follows it (labels without Latin letters are not checked). */
export function titleCaseProblem(label: string): string | null {
  const words = label
    .replace(/[…?!.:,()]/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z]/.test(w));
  for (const [i, raw] of words.entries()) {
    const word = raw.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
    if (!word || /^\d/.test(word) || ABBREVIATIONS.has(word)) continue;
    const edge = i === 0 || i === words.length - 1;
    if (!edge && MINOR_WORDS.has(word.toLowerCase())) {
      if (word !== word.toLowerCase()) return `'${word}' is a short function word: lower case inside a label`;
      continue;
    }
    if (word.length > 1 && word === word.toUpperCase()) return `'${word}' is in all capitals`;
    if (word[0] !== word[0]!.toUpperCase()) return `'${word}' starts with a small letter`;
  }
  return null;
}
