import type { Services } from '../deps.ts';
import type { Authenticated } from '../modules/auth/sessions.ts';

/** Hono environment of every router. */
export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    auth: Authenticated;
  };
}
