import { i18n, type Messages } from '@lingui/core';
import { readString, STORAGE_KEYS, writeString } from './storage.ts';

export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export type CatalogName =
  | 'app'
  | 'account'
  | 'home'
  | 'content'
  | 'registrar'
  | 'appraisal'
  | 'buy'
  | 'checkout'
  | 'checkout-deferred'
  | 'after-purchase'
  | 'dashboard'
  | 'workspace'
  | 'partner'
  | 'webhooks'
  | 'contact'
  | 'sell'
  | 'unsubscribe'
  | 'integration'
  | 'public-content';

/**
 * The catalogs, compiled from `.po` by the Lingui Vite plugin. A lazy glob makes each locale and catalog
 * its own chunk, so only the active locale is downloaded, and a catalog that does not exist yet (the
 * content catalog before its pages land) is simply absent instead of breaking the build.
 */
const catalogFiles = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

function loaderFor(locale: Locale, catalog: CatalogName) {
  return catalogFiles[`../locales/${locale}/${catalog}.po`];
}

const wanted = new Set<CatalogName>(['app']);
const loaded = new Set<string>();

async function loadInto(locale: Locale, catalog: CatalogName): Promise<void> {
  const key = `${locale}/${catalog}`;
  if (loaded.has(key)) return;
  const load = loaderFor(locale, catalog);
  if (!load) return;
  const { messages } = await load();
  i18n.load(locale, messages);
  loaded.add(key);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored choice, else the browser's preference, else English. */
export function initialLocale(): Locale {
  const stored = readString(STORAGE_KEYS.locale);
  if (isLocale(stored)) return stored;
  const nav = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return nav.startsWith('zh') ? 'zh' : 'en';
}

/**
 * Loads every catalog in use for `locale` and switches to it. The catalogs are compiled with English as
 * the fallback locale (lingui.config.ts), so a string missing from a Chinese catalog shows in English.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((catalog) => loadInto(locale, catalog)));
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
}

/** Remembers the choice and switches. */
export async function changeLocale(locale: Locale): Promise<void> {
  writeString(STORAGE_KEYS.locale, locale);
  await activateLocale(locale);
}

/**
 * Forgets every loaded catalog (the active locale keeps no message until catalogs load again). Tests
 * use it to draw a screen with exactly the catalogs its route loads.
 */
export function unloadCatalogs(): void {
  loaded.clear();
  wanted.clear();
  wanted.add('app');
  const active = isLocale(i18n.locale) ? i18n.locale : 'en';
  for (const locale of LOCALES) i18n.loadAndActivate({ locale, messages: {} });
  i18n.activate(active);
}

/** Marks a catalog as needed before the first activation, so it loads together with `app`. */
export function preferCatalog(catalog: CatalogName): void {
  wanted.add(catalog);
}

/** Loads a further catalog (the content pages call this through the route table) for the active locale. */
export async function ensureCatalog(catalog: CatalogName): Promise<void> {
  wanted.add(catalog);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  await loadInto(locale, catalog);
  // re-activate so mounted components see the new messages
  i18n.activate(locale);
}

/**
 * A lazily loaded module (a page, a window, a part drawn after the first paint) together with the
 * catalog its strings are in: the module, once both have arrived, so it never draws a bare message id.
 */
export function withCatalog<M>(module: Promise<M>, catalog: CatalogName): Promise<M> {
  return Promise.all([module, ensureCatalog(catalog)]).then(([m]) => m);
}

export { i18n };
