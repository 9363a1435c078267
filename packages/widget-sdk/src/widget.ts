/** Script-tag entry, built as an IIFE to dist/widget.js. See boot.ts. */
import { boot } from './boot.ts';

/** True in the script-tag build (see mount.ts); a browser always has both globals there. */
declare const SCRIPT_TAG: boolean | undefined;

if (
  (typeof SCRIPT_TAG !== 'undefined' && SCRIPT_TAG) ||
  (typeof window !== 'undefined' && typeof document !== 'undefined')
) {
  boot(window, document.currentScript as HTMLScriptElement | null);
}
