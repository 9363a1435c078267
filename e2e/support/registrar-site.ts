// The example registrar site for the specs: started before a spec file's tests and stopped after
// (the process itself: registrar-site.mjs, shared with e2e/bench/widget-timing.mjs).
import { afterAll, beforeAll } from 'vitest';
import { baseURL } from './env.ts';
import { type RegistrarSite, type StartRegistrarSiteOptions, startRegistrarSite } from './registrar-site.mjs';

export {
  ALLOWED_PORT,
  DEMO_REGISTRAR_ID,
  type RegistrarSite,
  registrarSiteEntry,
  type StartRegistrarSiteOptions,
  UNREGISTERED_PORT,
} from './registrar-site.mjs';

/**
 * Per spec file: starts the example site before the tests (on the allowed port by default, with the
 * harness server as its portal) and stops it after. `site()` returns it inside tests.
 */
export function useRegistrarSite(options: StartRegistrarSiteOptions = {}): () => RegistrarSite {
  let started: RegistrarSite | undefined;
  beforeAll(async () => {
    started = await startRegistrarSite({ ...options, portalURL: options.portalURL ?? baseURL() });
  });
  afterAll(async () => {
    await started?.stop();
  });
  return () => {
    if (!started) throw new Error('useRegistrarSite(): the site is not started (call it inside a test)');
    return started;
  };
}
