import { isEmail, isPhone } from '@domain-broker/shared/validators';
import * as v from 'valibot';
import { TIME_SLOTS } from '#portal/lib/preferred-time.ts';

/**
 * The survey's rules (docs/product.md "Survey", decision A2). All questions are optional, except that a
 * contact method must be chosen and the chosen one must be usable; dates may not be in the past. The time
 * slots and how a stored time reads are src/lib/preferred-time.ts (the broker's lead page shows them too).
 */
export interface SurveyValues extends Record<string, string | boolean> {
  offerAmount: string;
  deadLine: string;
  beSeen: boolean;
  questionsAny: string;
  preferredContact: string;
  phone: string;
  email: string;
  preferText: boolean;
  preferredDate: string;
  preferredSlot: string;
}

/** MM/DD/YYYY as a local date, or null when the text is not a real date in that form. */
export function parseUsDate(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** YYYY-MM-DD (the date input's value) as a local date, or null. */
export function parseIsoDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** A Date as MM/DD/YYYY (what the field shows for a stored preferred time). */
export function formatUsDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** Whether a local calendar day is before today (today itself is allowed). */
export function isPastDay(date: Date, now: Date = new Date()): boolean {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return date.getTime() < today.getTime();
}

export interface SurveyMessages {
  chooseContact: string;
  pastDate: string;
  badDate: string;
  chooseSlot: string;
  budget: string;
  /** The spec's texts (translated by the page; verbatim in English). */
  phoneRequired: string;
  phoneShape: string;
  phoneInvalid: string;
  emailInvalid: string;
}

/** The spec's messages are verbatim; `messages` carries the product's own texts, in the page language. */
export function surveySchema(messages: SurveyMessages, now: () => Date = () => new Date()) {
  const { phoneRequired, phoneShape, phoneInvalid, emailInvalid } = messages;
  /** An optional day, typed as `parse` reads it: empty, or a real day that has not passed. */
  const dayChecks = (parse: (text: string) => Date | null) =>
    [
      v.check((s: string) => s === '' || parse(s) !== null, messages.badDate),
      v.check((s: string) => {
        const d = parse(s);
        return !d || !isPastDay(d, now());
      }, messages.pastDate),
    ] as const;
  return v.pipe(
    v.object({
      offerAmount: v.pipe(
        v.string(),
        v.trim(),
        v.check((s) => s === '' || /^\d{1,12}(\.\d{1,2})?$/.test(s.replace(/,/g, '')), messages.budget),
      ),
      deadLine: v.pipe(v.string(), ...dayChecks(parseIsoDate)),
      beSeen: v.boolean(),
      questionsAny: v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Input value is too long.')),
      preferredContact: v.picklist(['Phone', 'Email'], messages.chooseContact),
      phone: v.pipe(v.string(), v.trim()),
      email: v.pipe(v.string(), v.trim()),
      preferText: v.boolean(),
      preferredDate: v.pipe(v.string(), v.trim(), ...dayChecks(parseUsDate)),
      preferredSlot: v.string(),
    }),
    v.forward(
      v.partialCheck(
        [['preferredContact'], ['phone']],
        (x) => x.preferredContact !== 'Phone' || x.phone !== '',
        phoneRequired,
      ),
      ['phone'],
    ),
    v.forward(
      v.partialCheck([['phone']], (x) => x.phone === '' || /^\+?[\d\s().-]{7,}$/.test(x.phone), phoneShape),
      ['phone'],
    ),
    v.forward(
      v.partialCheck(
        [['phone']],
        (x) => !/^\+?[\d\s().-]{7,}$/.test(x.phone) || isPhone(x.phone),
        phoneInvalid,
      ),
      ['phone'],
    ),
    v.forward(
      v.partialCheck(
        [['preferredContact'], ['email']],
        (x) => (x.preferredContact !== 'Email' && x.email === '') || isEmail(x.email),
        emailInvalid,
      ),
      ['email'],
    ),
    v.forward(
      v.partialCheck(
        [['preferredDate'], ['preferredSlot']],
        (x) => x.preferredDate === '' || x.preferredSlot in TIME_SLOTS,
        messages.chooseSlot,
      ),
      ['preferredSlot'],
    ),
  );
}
export type SurveyOutput = v.InferOutput<ReturnType<typeof surveySchema>>;
