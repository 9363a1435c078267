import { readJson, remove, STORAGE_KEYS } from './storage.ts';

/**
 * Reading the stored registrar details (`registrarDetail`), which the registrar feature writes and the
 * buy flow reads (the 'Insufficient Budget' window goes back to the registrar's website).
 */

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
