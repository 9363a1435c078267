/**
 * What the script tag does when dist/widget.js loads (entry: widget.ts).
 *
 * Two ways to use it (both may appear on one page, and pasting either twice is harmless):
 * 1. `<script async src="https://PORTAL/widget.js" data-registrar-id="…" data-domain="…">` mounts right
 *    after the script element, or into `data-target`.
 * 2. The queue stub `window.DomainBroker=window.DomainBroker||function(){(DomainBroker.q=DomainBroker.q||[]).push(arguments)}`
 *    lets a page call `DomainBroker('mount', {...})` before this file has loaded; queued calls are
 *    replayed here, in order.
 * The portal origin is the origin of this script's own `src`.
 */

import { toOrigin } from '@domain-broker/shared/widget-contract';
import { fail, getInstance, guarded, type MountOptions, mountWidget, type WidgetInstance } from './mount.ts';

interface Api {
  (command: 'mount', options: MountOptions): WidgetInstance;
  (command: 'destroy', el: Element | string): void;
  q?: ArrayLike<unknown>[];
  loaded?: boolean;
}

declare global {
  interface Window {
    DomainBroker?: Api;
  }
}

export function boot(w: Window, script: HTMLScriptElement | null) {
  let api = w.DomainBroker;
  if (!api?.loaded) {
    const portal = toOrigin(script?.src);
    const queued = api?.q || [];
    api = w.DomainBroker = ((command: string, arg: never) =>
      command === 'mount'
        ? mountWidget(portal || fail('no portal origin (script src)'), arg)
        : command === 'destroy'
          ? getInstance(arg)?.destroy()
          : fail(`bad command ${command}`)) as Api;
    api.loaded = true;
    // The stub queues `arguments` objects (iterable); each call runs on its own.
    for (const args of queued as unknown[][]) guarded(() => (api as (...a: unknown[]) => unknown)(...args));
  }
  const d = script?.dataset;
  if (!d?.registrarId) return;
  const mount = () =>
    guarded(() => {
      // A data-target that matches nothing fails in mountWidget, loudly, like any bad option.
      let el: Element | string | undefined = d.target;
      if (!el) {
        el = document.createElement('div');
        (script as HTMLScriptElement).after(el);
      }
      // The data attributes are the options (mountWidget passes on only the display settings), but for
      // the domain: data-domain.
      (api as Api)('mount', { ...(d as unknown as MountOptions), el, domainName: d.domain as string });
    });
  // An async script may run before the parser has reached data-target's element. (DOMContentLoaded
  // fires once, so the listener needs no `once`.)
  if (d.target && document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
}
