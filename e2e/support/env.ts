import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built server started by globalSetup, e.g. http://127.0.0.1:41234 */
    baseURL: string;
  }
}

/** Origin of the server the globalSetup started. */
export const baseURL = (): string => inject('baseURL');

/** Debian's Chromium; never a downloaded browser. Override with CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
