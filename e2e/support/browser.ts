import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { baseURL, chromiumArgs, chromiumPath } from './env.ts';
import { screenshot } from './screenshot.ts';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

export interface NewPageOptions {
  viewport?: { width: number; height: number };
  /** navigator.language and Accept-Language of the context (default en-US). */
  locale?: string;
}

export type NewPage = (options?: NewPageOptions) => Promise<Page>;

/** Debian's Chromium, headless. Playwright gives every launch a fresh temporary user-data dir and removes it on close. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    timeout: 60_000,
  });
}

/**
 * Per spec file: one Chromium, and `newPage` opening a page in its own isolated browser context (own
 * cookies and localStorage) on the server's origin. Contexts close after each test. Page errors and
 * console errors are printed so a failure explains itself.
 */
export function useBrowser(): { newPage: NewPage } {
  let browser: Browser | undefined;
  const opened: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterEach(async ({ task }) => {
    const contexts = opened.splice(0);
    // A failed test leaves a picture of every page it had open: e2e/screenshots/FAILED-<test>-<n>.png
    if (task.result?.state === 'fail') {
      const pages = contexts.flatMap((c) => c.pages());
      for (const [i, page] of pages.entries()) {
        await screenshot(page, `FAILED-${task.name}-${i + 1}`).catch(() => undefined);
        console.error(`[failed] page ${i + 1} was at ${page.url()}`);
      }
    }
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
  });

  const newPage: NewPage = async (options = {}) => {
    if (!browser) throw new Error('useBrowser(): the browser is not started (call newPage inside a test)');
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: options.viewport ?? DESKTOP,
      locale: options.locale ?? 'en-US',
      timezoneId: 'UTC',
      reducedMotion: 'reduce',
    });
    opened.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.setDefaultNavigationTimeout(30_000);
    page.on('pageerror', (err) => console.error(`[page error] ${page.url()}: ${err.message}`));
    page.on('response', (res) => {
      if (res.status() >= 400) console.error(`[http ${res.status()}] ${res.request().method()} ${res.url()}`);
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') console.error(`[console.error] ${page.url()}: ${msg.text()}`);
    });
    return page;
  };

  return { newPage };
}
