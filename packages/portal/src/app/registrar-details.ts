import { useSyncExternalStore } from 'react';
import { REGISTRAR_DETAIL_EVENT } from '../features/registrar/hooks/registrar-detail.ts';
import { readString, STORAGE_KEYS } from '../lib/storage.ts';

function subscribeRegistrarDetail(onChange: () => void): () => void {
  window.addEventListener(REGISTRAR_DETAIL_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(REGISTRAR_DETAIL_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Whether registrar details are stored; follows the registrar start-up, which stores them after the first render. */
export function useRegistrarDetailsPresent(): boolean {
  return useSyncExternalStore(
    subscribeRegistrarDetail,
    () => readString(STORAGE_KEYS.registrarDetail) !== null,
    () => false,
  );
}
