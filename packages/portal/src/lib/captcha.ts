/**
 * The captcha token (`botToken`) of the calls that ask for one (the appraisal, the direct enquiry, the
 * low-budget mail, Contact Us, the sell submission, sign-up and the registrar landing page's enquiry;
 * decision A37): Cloudflare Turnstile when the server publishes a site key (GET /api/config
 * captchaSiteKey). Without a key nothing loads and the token is null.
 */
import { useConfigStore } from './config.ts';
import { loadScript } from './load-script.ts';

interface Turnstile {
  render: (el: HTMLElement, options: Record<string, unknown>) => string;
  execute: (widget: string) => void;
  reset: (widget: string) => void;
}

function loadTurnstile(): Promise<Turnstile | null> {
  return loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit').then((loaded) =>
    loaded ? ((window as unknown as { turnstile?: Turnstile }).turnstile ?? null) : null,
  );
}

/** A fresh token, or null (no site key, the script failed, or no answer within 15 s). */
export async function captchaToken(): Promise<string | null> {
  const siteKey = useConfigStore.getState().config.captchaSiteKey;
  if (!siteKey) return null;
  const turnstile = await loadTurnstile();
  if (!turnstile) return null;
  return new Promise((resolve) => {
    const host = document.createElement('div');
    host.hidden = true;
    document.body.appendChild(host);
    let done = false;
    const finish = (token: string | null) => {
      if (done) return;
      done = true;
      host.remove();
      resolve(token);
    };
    const timer = setTimeout(() => finish(null), 15_000);
    try {
      const widget = turnstile.render(host, {
        sitekey: siteKey,
        execution: 'execute',
        appearance: 'interaction-only',
        callback: (token: string) => {
          clearTimeout(timer);
          finish(token);
        },
        'error-callback': () => {
          clearTimeout(timer);
          finish(null);
        },
      });
      turnstile.execute(widget);
    } catch {
      clearTimeout(timer);
      finish(null);
    }
  });
}

/** The body with the captcha's answer when the deployment has a captcha; without one, the body as it is. */
export async function withCaptcha(body: object): Promise<Record<string, unknown>> {
  const botToken = await captchaToken();
  return botToken ? { ...body, botToken } : { ...body };
}
