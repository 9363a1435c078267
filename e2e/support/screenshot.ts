import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './server.mjs';

export const screenshotDir = join(repoRoot, 'e2e/screenshots');

/**
 * Saves a full-page PNG under e2e/screenshots/ (git-ignored, emptied at the start of each run) named
 * `<name>@<width>x<height>.png`, so every visited screen can be reviewed at every size it was visited at.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const size = page.viewportSize();
  const safe = name.replace(/[^a-z0-9._-]+/gi, '-').replace(/^-+|-+$/g, '');
  const file = join(screenshotDir, `${safe}${size ? `@${size.width}x${size.height}` : ''}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
