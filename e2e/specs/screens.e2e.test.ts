/**
 * Every screen of the portal at a desktop and a phone size: it renders its own page (a main heading, not
 * the fallback page), raises no script error, fits a 375 px screen without sideways scrolling, and is
 * saved under e2e/screenshots/ for review.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserViaApi, signInPage } from '../support/api.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { atPath, shows } from '../support/expect.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();

const PUBLIC = [
  '/',
  '/about',
  '/faq',
  '/terms',
  '/privacy',
  '/sell-terms',
  '/sell-privacy',
  '/login',
  '/signup',
  '/forgot-password',
  '/forgot-password-registrar',
  '/verify-email',
  '/appraisal',
  '/Faq-appraisal',
  '/about-us-appraisal',
  '/registrar-landing-page',
];
const PRIVATE = ['/profile', '/change-password'];

const name = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '-'));

async function fallbackHeading(page: Page): Promise<string> {
  await page.goto('/__e2e-unknown-path');
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await shows(h1);
  return ((await h1.textContent()) ?? '').trim();
}

async function checkScreen(page: Page, path: string, notFound: string, label: string) {
  const errors: string[] = [];
  const onError = (e: Error) => errors.push(e.message);
  page.on('pageerror', onError);
  await page.goto(path);
  await atPath(page, path);
  const h1 = page.getByRole('heading', { level: 1 }).first();
  await shows(h1);
  await page.waitForLoadState('networkidle');
  expect(((await h1.textContent()) ?? '').trim(), `${path} shows the fallback page`).not.toBe(notFound);
  const size = page.viewportSize();
  if (size && size.width <= PHONE.width) {
    const overflow = await page.evaluate(() => {
      const width = window.innerWidth;
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.right > width + 0.5 && getComputedStyle(el).position !== 'fixed';
        })
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}`,
        );
      return { by: document.documentElement.scrollWidth - width, wide };
    });
    expect(
      overflow.by,
      `${path} scrolls sideways on a ${size.width} px screen (${overflow.wide.join(', ')})`,
    ).toBeLessThanOrEqual(0);
  }
  await screenshot(page, `screen-${label}`);
  page.off('pageerror', onError);
  expect(errors, `script errors on ${path}`).toEqual([]);
}

describe('every screen', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`renders the public screens (${size})`, async () => {
      const page = await newPage({ viewport });
      const notFound = await fallbackHeading(page);
      for (const path of PUBLIC) await checkScreen(page, path, notFound, name(path));
    });

    it(`renders the signed-in screens (${size})`, async () => {
      const user = await createUserViaApi({ profile: { firstName: 'Sana', phone: '+1 415 555 0199' } });
      const page = await newPage({ viewport });
      const notFound = await fallbackHeading(page);
      await signInPage(page, user);
      for (const path of PRIVATE) await checkScreen(page, path, notFound, name(path));
    });
  }
});
