/**
 * Which paths have a screen. The route table registers its paths at start; features ask here (they do
 * not import the app layer), e.g. to go to /appraisal after sign-in only once that screen exists.
 */
const paths = new Set<string>();

export function registerScreens(list: readonly string[]): void {
  for (const p of list) paths.add(p.toLowerCase());
}

export function screenExists(path: string): boolean {
  return paths.has(path.toLowerCase());
}

/** The sign-in screen's rule: /appraisal when that screen exists, the home page until then. */
export function afterSignInPath(): string {
  return screenExists('/appraisal') ? '/appraisal' : '/';
}
