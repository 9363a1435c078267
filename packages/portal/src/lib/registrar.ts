import { useSyncExternalStore } from 'react';
import { readJson, readString, remove, STORAGE_KEYS, writeJson, writeString } from './storage.ts';

/**
 * The registrar a visitor came through (docs/product.md "Start-up"), in one small store for the whole portal:
 * its id and the details GET /api/registrars/{id} gave. Both persist in localStorage under the spec's own
 * keys (`registrarUID` as a plain string, `registrarDetail` as the answer's JSON), which a logout keeps.
 * Everything reads and writes them here: screens follow a change through `useRegistrarUid` and
 * `useRegistrarDetail`, whether it came from this tab or from another one (a `storage` event).
 *
 * The start-up (features/registrar/start-up.ts) fetches the details once per page load; the landing
 * page shows what is stored and does not fetch the details again while they are fresh
 * (`detailFetchedAt`, features/registrar/api/get-registrar.ts).
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

const listeners = new Set<() => void>();
function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored registrar id, or null for a visitor who came straight to us. */
export function registrarUid(): string | null {
  return readString(STORAGE_KEYS.registrarUID);
}

/** The start-up met a registrar id in the address: later visits remember it. */
export function rememberRegistrar(registrarId: string): void {
  writeString(STORAGE_KEYS.registrarUID, registrarId);
  changed();
}

// the stored text and its decoding, so a render sees the same object until the text changes
let decoded: [string | null, RegistrarDetail | null] = [null, null];
let fetchedAt = 0;

/** The stored registrar details; a value that does not decode is removed. */
export function registrarDetail(): RegistrarDetail | null {
  const raw = readString(STORAGE_KEYS.registrarDetail);
  if (raw !== decoded[0]) {
    const value = readJson<unknown>(STORAGE_KEYS.registrarDetail);
    const detail = isRegistrarDetail(value) ? value : null;
    if (value !== null && !detail) remove(STORAGE_KEYS.registrarDetail);
    decoded = [raw, detail];
  }
  return decoded[1];
}

/** When this page load last fetched the stored details (0: they come from an earlier visit). */
export function detailFetchedAt(): number {
  return fetchedAt;
}

export function storeRegistrarDetail(detail: RegistrarDetail): void {
  writeJson(STORAGE_KEYS.registrarDetail, {
    UID: detail.UID,
    name: detail.name,
    image: detail.image ?? null,
    website: detail.website ?? null,
  });
  fetchedAt = Date.now();
  changed();
}

export function forgetRegistrarDetail(): void {
  remove(STORAGE_KEYS.registrarDetail);
  fetchedAt = 0;
  changed();
}

export function useRegistrarUid(): string | null {
  return useSyncExternalStore(subscribe, registrarUid, () => null);
}

/** The stored details; follows the start-up, which stores them after the first render. */
export function useRegistrarDetail(): RegistrarDetail | null {
  return useSyncExternalStore(subscribe, registrarDetail, () => null);
}
