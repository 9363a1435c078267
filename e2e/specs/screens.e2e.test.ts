/**
 * Every screen of the portal at a desktop and a phone size, in English and Chinese: it renders its own
 * page (a main heading, not the fallback page), raises no script error, fits a 375 px screen without
 * sideways scrolling, has no axe violation, labels its buttons by the one capitalisation rule
 * (docs/ui-conventions.md, checked in English), and is saved under e2e/screenshots/ for review.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUserViaApi, signInPage } from '../support/api.ts';
import { axeViolations, describeViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.ts';
import { titleCaseProblem } from '../support/button-case.ts';
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
  '/sell',
  '/sell-domain',
  '/contact-us',
];
const PRIVATE = ['/profile', '/change-password', '/dashboard', '/survey'];
/** Public screens that change for a signed-in user (the header's avatar, the appraisal allowance). */
const SIGNED_IN_TOO = ['/', '/appraisal'];

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
  const violations = await axeViolations(page);
  expect(violations.length, `axe on ${path} (${label}):\n${describeViolations(violations)}`).toBe(0);
  if (label.includes('-en-')) {
    const labels = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, [role="button"], input[type="submit"]')]
        // a link-styled button inside running text follows its sentence (docs/ui-conventions.md)
        .filter((el) => el.getClientRects().length > 0 && !el.closest('p'))
        .map((el) => {
          if (el instanceof HTMLInputElement) return el.value.trim();
          // the visible words only (not visually hidden ones), as drawn (text-transform applied)
          const words: string[] = [];
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            if (!parent || parent.getBoundingClientRect().width <= 1) continue;
            const text = node.textContent ?? '';
            const transform = getComputedStyle(parent).textTransform;
            words.push(transform === 'uppercase' ? text.toUpperCase() : text);
          }
          return words.join('').replace(/\s+/g, ' ').trim();
        })
        .filter(Boolean),
    );
    const wrong = labels.flatMap((l) => {
      const problem = titleCaseProblem(l);
      return problem ? [`'${l}': ${problem}`] : [];
    });
    expect(wrong, `button labels on ${path} (docs/ui-conventions.md)`).toEqual([]);
  }
  await screenshot(page, `screen-${label}`);
  page.off('pageerror', onError);
  expect(errors, `script errors on ${path}`).toEqual([]);
}

/**
 * Where a text wraps: the indexes of the characters that start a new line. An email must only wrap
 * after its @ or before a dot, never inside a word.
 */
async function lineStarts(page: Page, selector: string): Promise<{ text: string; starts: number[] }> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return { text: '', starts: [] };
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const tops: { ch: string; top: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        tops.push({ ch: text[i]!, top: Math.round(rect.top) });
      }
    }
    const starts: number[] = [];
    for (let i = 1; i < tops.length; i += 1) if (tops[i]!.top > tops[i - 1]!.top) starts.push(i);
    return { text: tops.map((t) => t.ch).join(''), starts };
  }, selector);
}

describe('every screen', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const [language, locale] of [
      ['en', 'en-US'],
      ['zh', 'zh-CN'],
    ] as const) {
      // 16 screens on a shared two-core machine: minutes, not the default 90 s
      it(`renders the public screens (${size}, ${language})`, { timeout: 360_000 }, async () => {
        const page = await newPage({ viewport, locale });
        const notFound = await fallbackHeading(page);
        for (const path of PUBLIC)
          await checkScreen(page, path, notFound, `${name(path)}-${language}-${size}`);
      });

      it(`renders the signed-in screens (${size}, ${language})`, { timeout: 240_000 }, async () => {
        const user = await createUserViaApi({
          email: `sana.averyveryverylongname.${Date.now().toString(36)}@subdomain.example.com`,
          profile: { firstName: 'Sana', phone: '+1 415 555 0199' },
        });
        const page = await newPage({ viewport, locale });
        const notFound = await fallbackHeading(page);
        await signInPage(page, user);
        for (const path of PRIVATE)
          await checkScreen(page, path, notFound, `${name(path)}-${language}-${size}`);
        for (const path of SIGNED_IN_TOO)
          await checkScreen(page, path, notFound, `signed-in-${name(path)}-${language}-${size}`);

        // the profile header's email wraps after its @ or before a dot, never inside a word
        await page.goto('/profile');
        await shows(page.locator('[data-profile-email]'));
        const { text, starts } = await lineStarts(page, '[data-profile-email]');
        expect(text).toBe(user.email);
        for (const at of starts)
          expect(
            text[at - 1] === '@' || text[at] === '.',
            `${user.email} breaks before '${text.slice(at)}' at ${viewport.width} px`,
          ).toBe(true);
      });
    }
  }
});
