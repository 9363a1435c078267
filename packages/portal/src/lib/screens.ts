/**
 * Which paths have a screen. The route table registers its paths at start; features ask here (they do
 * not import the app layer), e.g. to go to /appraisal after sign-in only once that screen exists.
 */
const paths = new Set<string>();
const preloads = new Map<string, () => Promise<unknown>>();

/** The route table's paths, each with what downloads its screen (its module and catalog). */
export function registerScreens(list: readonly string[], preload?: (path: string) => Promise<unknown>): void {
  for (const p of list) {
    paths.add(p.toLowerCase());
    if (preload) preloads.set(p.toLowerCase(), () => preload(p));
  }
}

/**
 * Downloads a screen before the visitor goes there (the checkout fetches the page after payment while
 * the buyer fills in the form), so the navigation does not wait for it. Failures are left to the
 * navigation itself.
 */
export function preloadScreen(path: string): void {
  void preloads
    .get(path.toLowerCase())?.()
    .catch(() => undefined);
}

export function screenExists(path: string): boolean {
  return paths.has(path.toLowerCase());
}

/** The sign-in screen's rule: /appraisal when that screen exists, the home page until then. */
export function afterSignInPath(): string {
  return screenExists('/appraisal') ? '/appraisal' : '/';
}
