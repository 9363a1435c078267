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
import { getInstance, type MountOptions, mountWidget, rethrowLater, type WidgetInstance } from './mount.ts';

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

function install(w: Window, portal: string | null): Api {
  const api = ((command: string, arg: unknown) => {
    if (command === 'mount') {
      if (!portal) throw new Error('DomainBroker: cannot tell the portal origin from the script src');
      return mountWidget(portal, arg as MountOptions);
    }
    if (command === 'destroy') return getInstance(arg as Element | string)?.destroy();
    throw new Error(`DomainBroker: unknown command ${command}`);
  }) as Api;
  api.loaded = true;
  const queued = w.DomainBroker?.q || [];
  w.DomainBroker = api;
  for (const args of Array.from(queued)) {
    try {
      (api as (...a: unknown[]) => unknown)(...Array.from(args));
    } catch (err) {
      rethrowLater(err);
    }
  }
  return api;
}

function mountFromAttributes(api: Api, script: HTMLScriptElement) {
  const d = script.dataset;
  if (!d.registrarId) return;
  const go = () => {
    // A data-target that matches nothing fails in mountWidget, loudly, like any bad option: caught and
    // reported by `boot`, or (after DOMContentLoaded) reported by the browser as an uncaught error.
    let el: Element | string | undefined = d.target;
    if (!el) {
      el = document.createElement('div');
      script.insertAdjacentElement('afterend', el);
    }
    api('mount', {
      el,
      registrarId: d.registrarId as string,
      domainName: d.domain,
      // mountWidget cleans these: any mode but 'search' is 'message', any variant but '1' is 2
      mode: d.mode as MountOptions['mode'],
      variant: d.variant as unknown as MountOptions['variant'],
      theme: d.theme as MountOptions['theme'],
      locale: d.locale,
    });
  };
  // An async script may run before the parser has reached data-target's element.
  if (d.target && document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', go, { once: true });
  } else {
    go();
  }
}

export function boot(w: Window, script: HTMLScriptElement | null) {
  const current = w.DomainBroker;
  const api = current?.loaded ? current : install(w, toOrigin(script?.src));
  if (script) {
    try {
      mountFromAttributes(api, script);
    } catch (err) {
      rethrowLater(err);
    }
  }
}
