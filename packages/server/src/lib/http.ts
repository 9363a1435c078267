import type { Authenticated } from '../modules/auth/sessions.ts';
import type { Services } from '../deps.ts';

/** Hono environment of every router. */
export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    auth: Authenticated;
  };
}
