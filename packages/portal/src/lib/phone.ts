/**
 * Stand-in for `libphonenumber-js/min` in the portal build (vite.config.ts aliases it here).
 *
 * The shared validators import libphonenumber-js at module level, so every form that uses a shared
 * schema would download its 30 KB (gzip) of metadata, although only the screens with a phone field use
 * it. Here the library is loaded on demand: the screens with a phone field call `loadPhoneLibrary()`
 * before they render (their route and window loaders do), and until then a phone number does not
 * validate (the validators catch the error and answer false).
 */
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/core';

interface PhoneLibrary {
  isValidPhoneNumber: (text: string, defaultCountry?: CountryCode) => boolean;
  parsePhoneNumberFromString: (text: string, defaultCountry?: CountryCode) => PhoneNumber | undefined;
}

let library: PhoneLibrary | null = null;
let loading: Promise<void> | null = null;

export function loadPhoneLibrary(): Promise<void> {
  loading ??= Promise.all([import('libphonenumber-js/core'), import('libphonenumber-js/min/metadata')]).then(
    ([core, metadata]) => {
      const data = metadata.default;
      library = {
        isValidPhoneNumber: (text, country) =>
          core.isValidPhoneNumber(text, { defaultCountry: country }, data),
        parsePhoneNumberFromString: (text, country) =>
          core.parsePhoneNumberFromString(text, { defaultCountry: country }, data),
      };
    },
  );
  return loading;
}

export function isPhoneLibraryLoaded(): boolean {
  return library !== null;
}

export function isValidPhoneNumber(text: string, defaultCountry?: CountryCode): boolean {
  if (!library) throw new Error('The phone rules are not loaded yet (loadPhoneLibrary).');
  return library.isValidPhoneNumber(text, defaultCountry);
}

export function parsePhoneNumberFromString(
  text: string,
  defaultCountry?: CountryCode,
): PhoneNumber | undefined {
  return library?.parsePhoneNumberFromString(text, defaultCountry);
}
