/**
 * CSV for the registrar ledger's downloads (RFC 4180, CRLF line ends), safe to open in a spreadsheet:
 * a text cell that starts with = + - @ (or a tab or carriage return) could run as a formula, so it gets
 * a leading apostrophe (OWASP "CSV injection"). Plain numbers, negative ones included ("-3.99"), are
 * written as they are so the spreadsheet still adds them up.
 */

const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value !== 'number' && !NUMBER.test(s) && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function csvDocument(header: string[], rows: (string | number)[][]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A file name made of safe parts: letters, digits, dot, dash and underscore only. */
export function csvFileName(parts: string[]): string {
  return `${parts.map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '_')).join('-')}.csv`;
}
