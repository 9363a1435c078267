import type { Locator, Page } from 'playwright-core';

/** Waits (bounded by the page's default timeout) until the locator is visible; throws otherwise. */
export async function shows(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/** Waits until nothing matching the locator is visible; throws otherwise. */
export async function gone(locator: Locator, timeout?: number): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Waits until the page's path is `path` (query and hash ignored); throws with the actual URL otherwise. */
export async function atPath(page: Page, path: string | RegExp, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL(
      (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)),
      {
        timeout,
        waitUntil: 'commit',
      },
    );
  } catch (err) {
    throw new Error(`expected the path ${path}, the page is at ${page.url()}`, { cause: err });
  }
}
