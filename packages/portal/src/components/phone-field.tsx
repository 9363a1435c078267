/**
 * A phone number with a country picker: the country sets the calling code, the number is formatted as
 * it is typed (libphonenumber-js) and always kept in its international form (+44 20 7946 0958), which
 * is what the shared phone rules check. With no number yet, the country is the visitor's (GET
 * /location). Used by the profile and the profile window; the checkout's phone field reuses it
 * (product decision B2).
 *
 * It works with `useSchemaForm`: the registered input is the number itself, so a form reset shows in
 * it, and the picker follows the number's country.
 *
 * Light on purpose: only screens that show a phone import it (never the first load of / or /login),
 * and it uses the "min" metadata the shared validators already load (lib/phone.ts).
 */
import { useLingui } from '@lingui/react/macro';
import {
  AsYouType,
  type CountryCode,
  formatIncompletePhoneNumber,
  getCountries,
  getCountryCallingCode,
} from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { type ChangeEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { apiRequest } from '../lib/api.ts';
import type { FieldMessage, Registration } from '../lib/schema-form.ts';
import { FieldFrame, formStyles as styles } from './form.tsx';
import phoneStyles from './phone-field.module.css';

const COUNTRIES = getCountries(metadata);
const callingCode = (country: CountryCode) => getCountryCallingCode(country, metadata);

/** The country a (partial) international number belongs to, when its digits say so. */
export function countryOfNumber(text: string, current?: CountryCode | ''): CountryCode | undefined {
  if (!text.trim().startsWith('+')) return undefined;
  const typing = new AsYouType(undefined, metadata);
  typing.input(text);
  const country = typing.getCountry();
  if (country) return country;
  // +1 … is the US and Canada (and more) until enough digits: keep the current choice when it fits
  const code = typing.getCallingCode();
  if (code && current && callingCode(current) === code) return current;
  return code ? COUNTRIES.find((c) => callingCode(c) === code) : undefined;
}

/** What the field shows for typed text: international and formatted; national digits get the country's code. */
export function formatPhoneInput(text: string, country: CountryCode | ''): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (trimmed.startsWith('+')) return formatIncompletePhoneNumber(trimmed, metadata);
  if (!country || !/\d/.test(trimmed)) return text;
  const typing = new AsYouType(country, metadata);
  typing.input(trimmed);
  const e164 = typing.getNumberValue();
  return e164 ? formatIncompletePhoneNumber(e164, metadata) : text;
}

/** The same number under another country's calling code (its national digits kept). */
export function switchCountry(text: string, from: CountryCode | '', to: CountryCode): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const digits = trimmed.replace(/\D/g, '');
  const oldCode = from
    ? callingCode(from)
    : countryOfNumber(trimmed) && callingCode(countryOfNumber(trimmed)!);
  const national =
    trimmed.startsWith('+') && oldCode && digits.startsWith(oldCode) ? digits.slice(oldCode.length) : digits;
  return formatIncompletePhoneNumber(`+${callingCode(to)}${national}`, metadata);
}

let visitorCountry: Promise<CountryCode | undefined> | null = null;
/** The visitor's country from GET /location, asked once per page load. */
function loadVisitorCountry(): Promise<CountryCode | undefined> {
  visitorCountry ??= apiRequest<{ country_code?: string }>('/location', { handle: 'none' })
    .then((answer) => {
      const code = answer.data?.country_code?.toUpperCase();
      return code && (COUNTRIES as string[]).includes(code) ? (code as CountryCode) : undefined;
    })
    .catch(() => undefined);
  return visitorCountry;
}

export interface PhoneFieldProps {
  label: ReactNode;
  registration: Registration;
  error?: FieldMessage | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

export function PhoneField({ label, registration, error, hint, optional }: PhoneFieldProps) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement | null>(null);
  const [country, setCountry] = useState<CountryCode | ''>('');

  // names in the page's language, sorted the way a reader of that language expects
  const options = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    } catch {
      names = null;
    }
    return COUNTRIES.map((c) => ({ country: c, name: names?.of(c) ?? c, code: callingCode(c) })).sort(
      (a, b) => a.name.localeCompare(b.name, i18n.locale),
    );
  }, [i18n.locale]);

  // the picker follows the number, also when the form writes a new one (a reset, the profile arriving)
  useEffect(() => {
    const found = countryOfNumber(input.current?.value ?? '', country);
    if (found && found !== country) setCountry(found);
  });

  // no number and no choice yet: the visitor's country
  useEffect(() => {
    let live = true;
    void loadVisitorCountry().then((found) => {
      if (live && found) setCountry((current) => current || (input.current?.value.trim() ? current : found));
    });
    return () => {
      live = false;
    };
  }, []);

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const el = event.target;
    const atEnd = el.selectionStart === el.value.length;
    if (atEnd) {
      const formatted = formatPhoneInput(el.value, country);
      if (formatted !== el.value) el.value = formatted;
      const found = countryOfNumber(formatted, country);
      if (found && found !== country) setCountry(found);
    }
    registration.onChange(event);
  };

  const onCountry = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value as CountryCode;
    const el = input.current;
    if (el?.value.trim()) {
      el.value = switchCountry(el.value, country, next);
      registration.onChange({ target: el, currentTarget: el } as unknown as ChangeEvent<HTMLInputElement>);
    }
    setCountry(next);
  };

  return (
    <FieldFrame label={label} hint={hint} error={error} optional={optional}>
      {({ id, describedBy }) => (
        <div className={phoneStyles.row}>
          <select
            className={`${styles.input} ${phoneStyles.country}`}
            aria-label={t`Country code`}
            value={country}
            onChange={onCountry}
          >
            {!country && <option value="">+</option>}
            {options.map((o) => (
              <option key={o.country} value={o.country}>
                {o.name} (+{o.code})
              </option>
            ))}
          </select>
          <input
            id={id}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            className={`${styles.input} ${phoneStyles.number}`}
            placeholder={country ? `+${callingCode(country)}` : '+'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            name={registration.name}
            onBlur={registration.onBlur}
            ref={(el) => {
              input.current = el;
              registration.ref(el);
            }}
            onChange={onInput}
          />
        </div>
      )}
    </FieldFrame>
  );
}
