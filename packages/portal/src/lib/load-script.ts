/**
 * Third-party scripts the portal adds to the page only when it needs them: Google Identity Services
 * (features/auth/components/google-button.tsx, features/appraisal/hooks/use-one-tap.ts) and Cloudflare
 * Turnstile (lib/captcha.ts).
 */

/** Google Identity Services: the sign-in button and the one-tap prompt. */
export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

const loads = new Map<string, Promise<boolean>>();

/**
 * Adds the script at `src` to the document's head once and resolves when it has run: true, or false when
 * it could not be loaded (the next call then tries again).
 */
export function loadScript(src: string): Promise<boolean> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<boolean>((resolve) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve(true);
      el.onerror = () => {
        loads.delete(src);
        resolve(false);
      };
      document.head.appendChild(el);
    });
    loads.set(src, load);
  }
  return load;
}
