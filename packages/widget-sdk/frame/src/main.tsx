import { render } from 'preact';
import { App, type FrameDeps } from './App.tsx';
import { readPreloadedRegistrar, visitorId } from './access.ts';
import { detectView, readParams } from './params.ts';

const view = detectView(document, location.pathname);
const params = readParams(location.search, view);
let deviceId: string | null | undefined;
const deps: FrameDeps = {
  win: window,
  fetch: window.fetch.bind(window),
  // Opened on its own (not in an iframe), the page has no host to talk to.
  parent: window.parent !== window ? window.parent : null,
  ancestorOrigins: location.ancestorOrigins ?? null,
  self: location.origin,
  preloaded: readPreloadedRegistrar(document),
  // Read when the first click is recorded, after `ready`: opening the frame's storage is not on the
  // way to the handshake.
  get deviceId() {
    if (deviceId === undefined) deviceId = visitorId(() => window.localStorage);
    return deviceId;
  },
};

const app = document.getElementById('app');
if (app) render(<App params={params} deps={deps} />, app);
