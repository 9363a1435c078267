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
import {
  fail,
  getInstance,
  type MountOptions,
  mountWidget,
  rethrowLater,
  type WidgetInstance,
} from './mount.ts';

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

/** Runs `fn`; an error goes to the console later instead of stopping what comes next. */
const guarded = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    rethrowLater(err);
  }
};

export function boot(w: Window, script: HTMLScriptElement | null) {
  let api = w.DomainBroker;
  if (!api?.loaded) {
    const portal = toOrigin(script?.src);
    const queued = api?.q || [];
    api = ((command: string, arg: never) =>
      command === 'mount'
        ? mountWidget(portal || fail('no portal origin (script src)'), arg)
        : command === 'destroy'
          ? getInstance(arg)?.destroy()
          : fail(`bad command ${command}`)) as Api;
    api.loaded = true;
    w.DomainBroker = api;
    for (const args of Array.from(queued))
      guarded(() => (api as (...a: unknown[]) => unknown)(...Array.from(args)));
  }
  const d = script?.dataset;
  if (!d?.registrarId) return;
  const mount = () =>
    guarded(() => {
      // A data-target that matches nothing fails in mountWidget, loudly, like any bad option.
      let el: Element | string | undefined = d.target;
      if (!el) {
        el = document.createElement('div');
        script?.after(el);
      }
      // The data attributes are the options (mountWidget cleans them and ignores the others), but for
      // the domain: data-domain.
      (api as Api)('mount', { ...(d as unknown as MountOptions), el, domainName: d.domain as string });
    });
  // An async script may run before the parser has reached data-target's element.
  if (d.target && document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', mount, { once: true });
  else mount();
}
