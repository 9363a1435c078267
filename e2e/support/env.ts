import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built server started by globalSetup, e.g. http://127.0.0.1:41234 */
    baseURL: string;
  }
}

/** Origin of the server the globalSetup started. */
export const baseURL = (): string => inject('baseURL');

export { chromiumArgs, chromiumPath } from './server.mjs';
