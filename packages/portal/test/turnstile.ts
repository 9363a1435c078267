/**
 * A stand-in for Cloudflare Turnstile (src/lib/captcha.ts): the public config publishes a site key, the
 * Turnstile script "loads" without the network (its <script> element is answered with a load event
 * instead of being added to the page) and `window.turnstile` answers every challenge with `token`.
 * Everything of ours (loadScript, captchaToken, withCaptcha) runs as in the browser.
 */
import { vi } from 'vitest';
import { DEFAULT_CONFIG, useConfigStore } from '../src/lib/config.ts';

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/';

export function fakeTurnstile(token = 'turnstile-token', siteKey = 'site-key-0x4AAA') {
  const rendered: Record<string, unknown>[] = [];
  const scripts: string[] = [];
  const head = document.head;
  const append = head.appendChild.bind(head);
  vi.spyOn(head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement && node.src.startsWith(TURNSTILE_SCRIPT)) {
      scripts.push(node.src);
      queueMicrotask(() => node.onload?.(new Event('load')));
      return node;
    }
    return append(node);
  });
  (window as unknown as { turnstile?: unknown }).turnstile = {
    render: (_host: HTMLElement, options: Record<string, unknown>) => {
      rendered.push(options);
      return `widget-${rendered.length}`;
    },
    execute: (widget: string) => {
      const callback = rendered[Number(widget.slice('widget-'.length)) - 1]?.callback;
      if (typeof callback === 'function') setTimeout(() => callback(token), 0);
    },
    reset: () => {},
  };
  useConfigStore.setState({ config: { ...DEFAULT_CONFIG, captchaSiteKey: siteKey }, loaded: true });
  return {
    /** The options of every widget rendered (sitekey, execution, …). */
    rendered,
    /** The Turnstile script addresses the page asked for. */
    scripts,
    restore() {
      delete (window as unknown as { turnstile?: unknown }).turnstile;
      useConfigStore.setState({ config: DEFAULT_CONFIG, loaded: false });
    },
  };
}
