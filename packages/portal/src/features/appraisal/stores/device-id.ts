import { isDeviceId } from '@domain-broker/shared/constants';
import { readString, writeString } from '../../../lib/storage.ts';

/** localStorage key of the guest's device id (ADR 010: sent as `X-Device-Id` on appraisal calls). */
export const DEVICE_ID_KEY = 'deviceId';

function randomId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  // base64url: 32 characters of A-Za-z0-9_-
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** The browser's guest id: random, kept in localStorage, made once. */
export function deviceId(): string {
  const stored = readString(DEVICE_ID_KEY);
  if (isDeviceId(stored)) return stored;
  const id = randomId();
  writeString(DEVICE_ID_KEY, id);
  return id;
}
