/**
 * Stand-in for `libphonenumber-js/min` in the portal build (vite.config.ts aliases it here).
 *
 * The shared validators import libphonenumber-js at module level, so every form that uses a shared
 * schema would download its 30 KB (gzip) of metadata, although only the screens with a phone field use
 * it. Here the library is loaded on demand: some screens with a phone field call `loadPhoneLibrary()`
 * before they render (their route and window loaders do); the public forms (Contact Us) load it after
 * their first paint instead, when the phone field is used or the form is checked (`withPhoneRules`).
 * Until it is loaded a phone number does not validate (the validators catch the error and answer
 * false), which is why a form checked before then goes through `withPhoneRules`.
 */
import type { CountryCode, MetadataJson, PhoneNumber } from 'libphonenumber-js/core';
import type { StandardSchema } from './schema-form.ts';

interface PhoneLibrary {
  isValidPhoneNumber: (text: string, defaultCountry?: CountryCode) => boolean;
  parsePhoneNumberFromString: (text: string, defaultCountry?: CountryCode) => PhoneNumber | undefined;
}

/** The library's functions and its "min" metadata, for the phone field's formatting and country picker. */
export interface PhoneKit {
  core: typeof import('libphonenumber-js/core');
  metadata: MetadataJson;
}

let library: PhoneLibrary | null = null;
let kit: PhoneKit | null = null;
let loading: Promise<void> | null = null;

export function loadPhoneLibrary(): Promise<void> {
  loading ??= Promise.all([import('libphonenumber-js/core'), import('libphonenumber-js/min/metadata')]).then(
    ([core, metadata]) => {
      const data = metadata.default;
      kit = { core, metadata: data };
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

/** The loaded library and metadata, or null before `loadPhoneLibrary()` has finished. */
export function phoneKit(): PhoneKit | null {
  return kit;
}

/**
 * The same schema, checked only once the phone rules are loaded: a form whose screen does not load the
 * library before its first paint validates through this, so a valid number is never refused because
 * the library was still on its way. The rules themselves are unchanged (the shared ones, also the
 * server's).
 */
export function withPhoneRules<TOut>(schema: StandardSchema<TOut>): StandardSchema<TOut> {
  return {
    '~standard': {
      validate: async (value: unknown) => {
        await loadPhoneLibrary();
        return schema['~standard'].validate(value);
      },
    },
  };
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
