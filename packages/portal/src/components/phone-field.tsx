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
 * Light on purpose: the field itself imports no part of libphonenumber-js. It uses the library the
 * screen loaded (lib/phone.ts, the "min" metadata the shared validators use); on a screen that did not
 * load it before its first paint (Contact Us), the field asks for it once the page is idle, or at once
 * when the visitor reaches the field, and until then it is a plain number box.
 */
import { useLingui } from '@lingui/react/macro';
import type { CountryCode } from 'libphonenumber-js/core';
import { type ChangeEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { apiRequest } from '../lib/api.ts';
import { loadPhoneLibrary, type PhoneKit, phoneKit } from '../lib/phone.ts';
import type { FieldMessage, Registration } from '../lib/schema-form.ts';
import { FieldFrame, formStyles as styles } from './form.tsx';
import phoneStyles from './phone-field.module.css';

const countries = (kit: PhoneKit) => kit.core.getCountries(kit.metadata);
const callingCode = (kit: PhoneKit, country: CountryCode) =>
  kit.core.getCountryCallingCode(country, kit.metadata);

/** The country a (partial) international number belongs to, when its digits say so (library loaded). */
export function countryOfNumber(text: string, current?: CountryCode | ''): CountryCode | undefined {
  const kit = phoneKit();
  if (!kit || !text.trim().startsWith('+')) return undefined;
  const typing = new kit.core.AsYouType(undefined, kit.metadata);
  typing.input(text);
  const country = typing.getCountry();
  if (country) return country;
  // +1 … is the US and Canada (and more) until enough digits: keep the current choice when it fits
  const code = typing.getCallingCode();
  if (code && current && callingCode(kit, current) === code) return current;
  return code ? countries(kit).find((c) => callingCode(kit, c) === code) : undefined;
}

/**
 * What the field shows for typed text: international and formatted; national digits get the country's
 * code. The text as typed while the library is not loaded yet.
 */
export function formatPhoneInput(text: string, country: CountryCode | ''): string {
  const kit = phoneKit();
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (!kit) return text;
  if (trimmed.startsWith('+')) return kit.core.formatIncompletePhoneNumber(trimmed, kit.metadata);
  if (!country || !/\d/.test(trimmed)) return text;
  const typing = new kit.core.AsYouType(country, kit.metadata);
  typing.input(trimmed);
  const e164 = typing.getNumberValue();
  return e164 ? kit.core.formatIncompletePhoneNumber(e164, kit.metadata) : text;
}

/** The same number under another country's calling code (its national digits kept; library loaded). */
export function switchCountry(text: string, from: CountryCode | '', to: CountryCode): string {
  const kit = phoneKit();
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (!kit) return text;
  const digits = trimmed.replace(/\D/g, '');
  const found = from ? undefined : countryOfNumber(trimmed);
  const oldCode = from ? callingCode(kit, from) : found && callingCode(kit, found);
  const national =
    trimmed.startsWith('+') && oldCode && digits.startsWith(oldCode) ? digits.slice(oldCode.length) : digits;
  return kit.core.formatIncompletePhoneNumber(`+${callingCode(kit, to)}${national}`, kit.metadata);
}

interface CountryOption {
  country: CountryCode;
  name: string;
  code: string;
}
const optionsByLocale = new Map<string, CountryOption[]>();
/**
 * Every country with its name in `locale` and its calling code, sorted by name: worked out once per
 * locale (one DisplayNames and one Collator, not one per comparison), as it runs while the page is idle.
 */
function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return null;
  }
}
const countryOption = (kit: PhoneKit, c: CountryCode, names: Intl.DisplayNames | null): CountryOption => ({
  country: c,
  name: names?.of(c) ?? c,
  code: callingCode(kit, c),
});
function countryOptions(kit: PhoneKit, locale: string): CountryOption[] {
  const known = optionsByLocale.get(locale);
  if (known) return known;
  const names = regionNames(locale);
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(locale);
  } catch {
    collator = new Intl.Collator();
  }
  const list = countries(kit)
    .map((c) => countryOption(kit, c, names))
    .sort((a, b) => collator.compare(a.name, b.name));
  optionsByLocale.set(locale, list);
  return list;
}

let visitorCountry: Promise<string | undefined> | null = null;
/** The visitor's country code from GET /location, asked once per page load. */
function loadVisitorCountry(): Promise<string | undefined> {
  visitorCountry ??= apiRequest<{ country_code?: string }>('/location', { handle: 'none' })
    .then((answer) => answer.data?.country_code?.toUpperCase())
    .catch(() => undefined);
  return visitorCountry;
}

/** After the page's load event, when the main thread is idle (or at once where there is no such event). */
function whenIdle(run: () => void): () => void {
  let cancelled = false;
  let handle: number | undefined;
  const idle = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') handle = requestIdleCallback(run, { timeout: 2000 });
    else handle = window.setTimeout(run, 200);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (handle !== undefined) {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
      else clearTimeout(handle);
    }
  };
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
  const [visitor, setVisitor] = useState<string | undefined>(undefined);
  const [kit, setKit] = useState(phoneKit);

  // the full list of countries is drawn once the visitor reaches the field (before that, only the
  // chosen country): the page's first seconds do not build and lay out some 240 options
  const [engaged, setEngaged] = useState(false);

  // the library: at once when the visitor reaches the field, otherwise once the page is idle
  const wantKit = () => {
    setEngaged(true);
    if (!kit) void loadPhoneLibrary().then(() => setKit(phoneKit()));
  };
  useEffect(() => {
    if (kit) return;
    let live = true;
    const load = () => void loadPhoneLibrary().then(() => live && setKit(phoneKit()));
    // a number to show (a signed-in visitor's) needs its country at once
    if (input.current?.value.trim()) load();
    const cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, [kit]);

  // names in the page's language, sorted the way a reader of that language expects
  const options = useMemo(() => {
    if (!kit) return [];
    if (engaged) return countryOptions(kit, i18n.locale);
    return country ? [countryOption(kit, country, regionNames(i18n.locale))] : [];
  }, [i18n.locale, kit, engaged, country]);

  // the picker follows the number, also when the form writes a new one (a reset, the profile arriving)
  useEffect(() => {
    const found = countryOfNumber(input.current?.value ?? '', country);
    if (found && found !== country) setCountry(found);
  });

  // no number and no choice yet: the visitor's country
  useEffect(() => {
    let live = true;
    void loadVisitorCountry().then((found) => {
      if (live && found) setVisitor(found);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!kit || !visitor || !(countries(kit) as string[]).includes(visitor)) return;
    setCountry((current) => current || (input.current?.value.trim() ? current : (visitor as CountryCode)));
  }, [kit, visitor]);

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
            onFocus={wantKit}
            onPointerDown={wantKit}
            onKeyDown={wantKit}
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
            placeholder={kit && country ? `+${callingCode(kit, country)}` : '+'}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            name={registration.name}
            onFocus={wantKit}
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
