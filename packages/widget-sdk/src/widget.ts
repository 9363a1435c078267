/** Script-tag entry, built as an IIFE to dist/widget.js. See boot.ts. */
import { boot } from './boot.ts';

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  boot(window, document.currentScript as HTMLScriptElement | null);
}
