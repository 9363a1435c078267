import { punycodeDecode, punycodeEncode } from './punycode.ts';

/** Thrown for input that is not a syntactically valid domain name. */
export class InvalidDomainError extends Error {
  override readonly name = 'InvalidDomainError';
  readonly input: string;
  constructor(input: string, reason: string) {
    super(`Invalid domain "${input.length > 80 ? `${input.slice(0, 80)}…` : input}": ${reason}`);
    this.input = input;
  }
}

// Second-level registries people buy under as if they were a TLD. Not the whole Public Suffix
// List: only the ones common on the aftermarket, so "example.co.uk" reports tld "co.uk".
const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'net.uk',
  'ac.uk',
  'gov.uk',
  'com.au',
  'net.au',
  'org.au',
  'id.au',
  'co.nz',
  'net.nz',
  'org.nz',
  'co.za',
  'org.za',
  'web.za',
  'co.in',
  'net.in',
  'org.in',
  'firm.in',
  'gen.in',
  'ind.in',
  'co.jp',
  'ne.jp',
  'or.jp',
  'co.kr',
  'or.kr',
  'com.cn',
  'net.cn',
  'org.cn',
  'com.hk',
  'com.tw',
  'com.sg',
  'com.my',
  'com.ph',
  'com.vn',
  'co.id',
  'co.th',
  'in.th',
  'com.br',
  'net.br',
  'com.mx',
  'com.ar',
  'com.co',
  'com.pe',
  'com.ve',
  'com.ec',
  'com.uy',
  'com.tr',
  'com.ua',
  'com.pl',
  'com.es',
  'com.de',
  'com.ru',
  'co.il',
  'com.sa',
  'com.eg',
  'com.ng',
  'co.ke',
  'com.pk',
  'com.bd',
  'co.at',
  'or.at',
  'co.hu',
  'com.gr',
  'us.com',
  'uk.com',
  'eu.com',
]);

// Anything outside 7-bit ASCII marks a label that needs Punycode.
const NON_ASCII_RE = /[\u0080-\uffff]/;
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD_RE = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Turns what a visitor typed into a bare lower-case host name: trims, drops a scheme,
 * credentials, port, path, query, a trailing dot and a leading "www.", and converts
 * Unicode labels to their xn-- form. Does not validate; see isDomainSyntax.
 */
export function normaliseDomain(input: string): string {
  let s = String(input).trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  s = s.replace(/^\/\//, '');
  const cut = s.search(/[/?#\s]/);
  if (cut >= 0) s = s.slice(0, cut);
  const at = s.lastIndexOf('@');
  if (at >= 0) s = s.slice(at + 1);
  s = s.replace(/:\d*$/, '');
  // Full-width and ideographic dots are how IDN users often type the separator.
  s = s.replace(/[\u3002\uff0e\uff61]/g, '.');
  s = s.replace(/\.+$/, '');
  if (s.startsWith('www.') && s.split('.').length > 2) s = s.slice(4);
  if (NON_ASCII_RE.test(s)) {
    s = s
      .normalize('NFC')
      .split('.')
      .map((label) => (NON_ASCII_RE.test(label) ? `xn--${punycodeEncode(label)}` : label))
      .join('.');
  }
  return s;
}

/**
 * True when `name` (already normalised) is a host name we can value: at least two labels, each
 * 1-63 letters, digits or inner hyphens, a TLD of two or more letters or an xn-- TLD, at most 253 chars.
 */
export function isDomainSyntax(name: string): boolean {
  if (typeof name !== 'string' || name.length < 4 || name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] as string;
  if (!TLD_RE.test(tld)) return false;
  for (const label of labels) {
    if (!LABEL_RE.test(label)) return false;
    // "ab--" labels are reserved for IDNA; only xn-- is a real encoding.
    if (label.length >= 4 && label[2] === '-' && label[3] === '-') {
      if (!label.startsWith('xn--')) return false;
      if (punycodeDecode(label.slice(4)) === null) return false;
    }
  }
  return true;
}

export interface ParsedDomain {
  /** Normalised ASCII host name. */
  domain: string;
  /** Registrable suffix, e.g. "com" or "co.uk". */
  tld: string;
  /** The label just left of the suffix, the part a buyer pays for. */
  sld: string;
  /** Labels left of the SLD (sub-domains), usually none. */
  subLabels: string[];
  /** The SLD in Unicode when it is an IDN, else the same as sld. */
  sldUnicode: string;
  isIdn: boolean;
}

export function parseDomain(input: string): ParsedDomain {
  const domain = normaliseDomain(input);
  if (!isDomainSyntax(domain)) throw new InvalidDomainError(String(input), 'not a valid domain name');
  const labels = domain.split('.');
  let suffixLen = 1;
  if (labels.length >= 3 && MULTI_LABEL_SUFFIXES.has(labels.slice(-2).join('.'))) suffixLen = 2;
  const tld = labels.slice(-suffixLen).join('.');
  const rest = labels.slice(0, -suffixLen);
  if (rest.length === 0) throw new InvalidDomainError(String(input), 'no name in front of the extension');
  const sld = rest[rest.length - 1] as string;
  const isIdn = sld.startsWith('xn--');
  const sldUnicode = isIdn ? (punycodeDecode(sld.slice(4)) ?? sld) : sld;
  return { domain, tld, sld, subLabels: rest.slice(0, -1), sldUnicode, isIdn };
}
