import type { RegistrarDetail } from '../../../lib/registrar-detail.ts';
import { readString, remove, STORAGE_KEYS, writeJson } from '../../../lib/storage.ts';

// the reading side is shared with the buy flow (src/lib); the registrar feature alone writes them
export {
  isRegistrarDetail,
  type RegistrarDetail,
  readRegistrarDetail,
  safeWebsite,
} from '../../../lib/registrar-detail.ts';

/** Fired on `window` when the stored registrar details change (the shell's `/` rule listens). */
export const REGISTRAR_DETAIL_EVENT = 'registrar-detail-change';

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(REGISTRAR_DETAIL_EVENT));
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
