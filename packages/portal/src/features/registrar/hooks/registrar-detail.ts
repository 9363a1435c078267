import { readJson, readString, remove, STORAGE_KEYS, writeJson } from '../../../lib/storage.ts';

/** Fired on `window` when the stored registrar details change (the shell's `/` rule listens). */
export const REGISTRAR_DETAIL_EVENT = 'registrar-detail-change';

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(REGISTRAR_DETAIL_EVENT));
}

/** What GET /api/registrars/{id} answers and what is kept in storage as `registrarDetail`. */
export interface RegistrarDetail {
  UID: string;
  name: string;
  image: string | null;
  website: string | null;
}

export function isRegistrarDetail(value: unknown): value is RegistrarDetail {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const optionalText = (x: unknown) => x === null || x === undefined || typeof x === 'string';
  return (
    typeof r.UID === 'string' &&
    typeof r.name === 'string' &&
    optionalText(r.image) &&
    optionalText(r.website)
  );
}

/** The stored registrar details; a value that does not decode is removed. */
export function readRegistrarDetail(): RegistrarDetail | null {
  const value = readJson<unknown>(STORAGE_KEYS.registrarDetail);
  if (value === null) return null;
  if (isRegistrarDetail(value)) return value;
  remove(STORAGE_KEYS.registrarDetail);
  return null;
}

export function storeRegistrarDetail(detail: RegistrarDetail): void {
  writeJson(STORAGE_KEYS.registrarDetail, {
    UID: detail.UID,
    name: detail.name,
    image: detail.image ?? null,
    website: detail.website ?? null,
  });
  announce();
}

export function forgetRegistrarDetail(): void {
  remove(STORAGE_KEYS.registrarDetail);
  announce();
}

export function storedRegistrarUid(): string | null {
  return readString(STORAGE_KEYS.registrarUID);
}

/** Only http(s) addresses are followed (a stored value is never trusted blindly). */
export function safeWebsite(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
