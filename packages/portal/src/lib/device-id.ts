import { isDeviceId } from '@domain-broker/shared/constants';
import { readString, STORAGE_KEYS, writeString } from './storage.ts';

function randomId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  // base64url: 32 characters of A-Za-z0-9_-
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * The browser's guest id (ADR 010): random, kept in localStorage under `STORAGE_KEYS.deviceId`, made
 * once, sent as `X-Device-Id` by the API client.
 */
export function deviceId(): string {
  const stored = readString(STORAGE_KEYS.deviceId);
  if (isDeviceId(stored)) return stored;
  const id = randomId();
  writeString(STORAGE_KEYS.deviceId, id);
  return id;
}
