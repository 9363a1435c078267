import { vi } from 'vitest';
import type { WidgetInstance } from '../src/mount.ts';

export const PORTAL = 'https://portal.example.com';
export const HOST = 'https://registrar.test';

/** Stands in for the iframe's window: happy-dom does not load cross-origin frames. */
export function fakeFrameWindow() {
  return { postMessage: vi.fn() };
}

/** Gives a mounted instance's iframe a fake contentWindow and returns helpers to talk as the frame. */
export function attachFrame(instance: WidgetInstance) {
  const win = fakeFrameWindow();
  const iframe = instance.iframe;
  if (!iframe) throw new Error('instance has no iframe');
  Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => win });
  const envelope = (type: string, payload: unknown) => ({
    source: 'domain-broker',
    v: 1,
    type,
    instanceId: instance.id,
    payload,
  });
  const dispatch = (data: unknown, init: { origin?: string; source?: unknown } = {}) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: init.origin ?? PORTAL,
        source: (init.source === undefined ? win : init.source) as MessageEventSource | null,
      }),
    );
  const send = (type: string, payload: unknown, init?: { origin?: string; source?: unknown }) =>
    dispatch(envelope(type, payload), init);
  return { win, iframe, envelope, dispatch, send };
}

export function newHost(): HTMLDivElement {
  const el = document.createElement('div');
  document.body.appendChild(el);
  return el;
}
