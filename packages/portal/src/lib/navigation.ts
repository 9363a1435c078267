import { navigate as browserNavigate } from 'wouter/use-browser-location';

/** Navigation usable outside components (stores, the API client). wouter listens to it. */
export function navigate(to: string, options?: { replace?: boolean }): void {
  browserNavigate(to, options);
}

export function currentPath(): string {
  return typeof location === 'undefined' ? '/' : location.pathname;
}
