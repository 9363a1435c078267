// The registrar widget across two origins: the example registrar site (http://localhost:4000, registered
// for `demo-registrar` by the seed; http://localhost:4001, registered nowhere) embeds the loader and the
// frame served by the portal (the harness server, http://127.0.0.1:<port>). ADRs 020 to 024.
import { randomBytes } from 'node:crypto';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from '../support/browser.ts';
import { baseURL } from '../support/env.ts';
import { DEMO_REGISTRAR_ID, UNREGISTERED_PORT, useRegistrarSite } from '../support/registrar-site.ts';
import { screenshot } from '../support/screenshot.ts';

const { newPage } = useBrowser();
const site = useRegistrarSite();
const strangerSite = useRegistrarSite({ port: UNREGISTERED_PORT });

const GET_STARTED = /^Get Started/;

interface ProbeMessage {
  origin: string;
  /** Instance id of the iframe (in its URL) whose window sent the message; null when no iframe did. */
  fromInstance: string | null;
  data: { source?: string; type?: string; instanceId?: string; payload?: Record<string, unknown> } | null;
}

interface Probe {
  messages: ProbeMessage[];
  violations: { directive: string; blocked: string }[];
  messageListeners: number;
}

/**
 * Installed with addInitScript, so it runs in every frame before any of the page's own scripts:
 * records every message the window receives (with the instance id of the iframe that sent it), every
 * CSP violation, and how many 'message' listeners are attached to the window right now (through a
 * wrapped addEventListener/removeEventListener).
 */
function installProbe() {
  const w = window as unknown as { __probe?: unknown };
  if (w.__probe) return;
  const listeners: { fn: unknown; capture: boolean }[] = [];
  const messages: unknown[] = [];
  const violations: { directive: string; blocked: string }[] = [];
  const add = window.addEventListener;
  const remove = window.removeEventListener;
  const captureOf = (o: unknown) =>
    typeof o === 'boolean' ? o : Boolean((o as { capture?: boolean } | undefined)?.capture);
  window.addEventListener = function (this: Window, type: string, fn: unknown, options?: unknown) {
    if (type === 'message' && fn && !listeners.some((l) => l.fn === fn && l.capture === captureOf(options))) {
      listeners.push({ fn, capture: captureOf(options) });
    }
    return add.call(this, type, fn as EventListener, options as AddEventListenerOptions);
  } as typeof window.addEventListener;
  window.removeEventListener = function (this: Window, type: string, fn: unknown, options?: unknown) {
    const i = listeners.findIndex((l) => l.fn === fn && l.capture === captureOf(options));
    if (type === 'message' && i >= 0) listeners.splice(i, 1);
    return remove.call(this, type, fn as EventListener, options as EventListenerOptions);
  } as typeof window.removeEventListener;
  add.call(window, 'message', ((event: MessageEvent) => {
    const frame = Array.from(document.querySelectorAll('iframe')).find(
      (f) => f.contentWindow === event.source,
    );
    let data: unknown = null;
    try {
      data = JSON.parse(JSON.stringify(event.data));
    } catch {
      data = null;
    }
    messages.push({
      origin: event.origin,
      fromInstance: frame ? new URL(frame.src).searchParams.get('instance') : null,
      data,
    });
  }) as EventListener);
  document.addEventListener('securitypolicyviolation', (e) => {
    violations.push({ directive: e.violatedDirective, blocked: e.blockedURI || 'inline' });
  });
  w.__probe = {
    messages,
    violations,
    get messageListeners() {
      return listeners.length;
    },
  };
}

async function probe(target: Page | Frame): Promise<Probe> {
  return target.evaluate(() => {
    const p = (window as unknown as { __probe: Probe }).__probe;
    return { messages: p.messages, violations: p.violations, messageListeners: p.messageListeners };
  });
}

/** Widget protocol messages the host page received, in order. */
async function widgetMessages(page: Page): Promise<ProbeMessage[]> {
  return (await probe(page)).messages.filter((m) => m.data?.source === 'domain-broker');
}

/** Every console line of a page opened by openHostPage, frames included, from before its first request. */
const consoleLines = new WeakMap<Page, string[]>();

async function openHostPage(path: string, options: { stranger?: boolean; viewport?: typeof PHONE } = {}) {
  const page = await newPage({ viewport: options.viewport });
  const lines: string[] = [];
  consoleLines.set(page, lines);
  page.on('console', (msg) => lines.push(`${msg.type()}: ${msg.text()}`));
  await page.addInitScript(installProbe);
  const origin = options.stranger ? strangerSite().url : site().url;
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
  return page;
}

/**
 * Waits until the widget in `iframeSelector` is visible (the loader shows the iframe only after the
 * frame's ready and first height report) and returns the frame.
 */
async function readyWidget(page: Page, iframeSelector: string): Promise<Frame> {
  const iframe = page.locator(iframeSelector);
  await iframe.waitFor({ state: 'visible' });
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error(`${iframeSelector} has no frame`);
  await frame.getByRole('heading').first().waitFor({ state: 'visible' });
  return frame;
}

interface Sizes {
  /** The frame document's own measurements; contentHeight is the body's laid-out height (not stretched by the viewport). */
  doc: {
    scrollHeight: number;
    clientHeight: number;
    scrollWidth: number;
    clientWidth: number;
    contentHeight: number;
  };
  /** The iframe element, measured in the host page. */
  iframe: { clientHeight: number; clientWidth: number; slotWidth: number; styleHeight: string };
}

async function sizes(page: Page, iframeSelector: string): Promise<Sizes> {
  const iframe = page.locator(iframeSelector);
  const frame = await (await iframe.elementHandle())?.contentFrame();
  if (!frame) throw new Error(`${iframeSelector} has no frame`);
  const doc = await frame.evaluate(() => {
    const d = document.documentElement;
    return {
      scrollHeight: d.scrollHeight,
      clientHeight: d.clientHeight,
      scrollWidth: d.scrollWidth,
      clientWidth: d.clientWidth,
      contentHeight: document.body.getBoundingClientRect().height,
    };
  });
  const outer = await iframe.evaluate((el: HTMLIFrameElement) => ({
    clientHeight: el.clientHeight,
    clientWidth: el.clientWidth,
    slotWidth: (el.parentElement as HTMLElement).clientWidth,
    styleHeight: el.style.height,
  }));
  return { doc, iframe: outer };
}

/**
 * The iframe is as tall as the frame's content (rounded up, 1 px of slack) and as wide as its slot, and
 * the frame's document has nothing to scroll (its scrollHeight equals the iframe's height: no clipped
 * content, no inner scrollbar) in either direction.
 */
function fitsWithoutScrollbars(s: Sizes): boolean {
  return (
    s.doc.scrollHeight === s.doc.clientHeight &&
    Math.abs(s.iframe.clientHeight - Math.ceil(s.doc.contentHeight)) <= 1 &&
    s.doc.clientHeight === s.iframe.clientHeight &&
    s.iframe.clientHeight - s.doc.scrollHeight <= 1 &&
    s.doc.scrollWidth <= s.doc.clientWidth &&
    s.iframe.clientWidth === s.iframe.slotWidth
  );
}

async function expectFits(page: Page, iframeSelector: string): Promise<Sizes> {
  let last: Sizes | undefined;
  await expect
    .poll(
      async () => {
        last = await sizes(page, iframeSelector);
        return fitsWithoutScrollbars(last);
      },
      { message: `the widget in ${iframeSelector} does not fit its content` },
    )
    .toBe(true)
    .catch((err: unknown) => {
      throw new Error(`${(err as Error).message}\nlast measured: ${JSON.stringify(last)}`, { cause: err });
    });
  return last as Sizes;
}

function instanceOf(src: string | null): string {
  const id = src ? new URL(src).searchParams.get('instance') : null;
  if (!id) throw new Error(`no instance id in the iframe URL ${src}`);
  return id;
}

async function logEntries(page: Page): Promise<Record<string, unknown>[]> {
  const items = await page.locator('#log li').allTextContents();
  return items.map((t) => JSON.parse(t) as Record<string, unknown>);
}

/** A domain no other test (nor any earlier run today, on this fresh database) has shown. */
function uniqueDomain(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}.com`;
}

describe('the script-tag widget on a registered origin (index.html)', () => {
  it('mounts after its script tag, sizes itself without scrollbars, and follows its content', async () => {
    const page = await openHostPage('/index.html');
    const portal = baseURL();
    // The loader is the portal's /widget.js, and the iframe sits right after the script tag.
    const iframeSel = 'script[data-registrar-id] + div > iframe[title]';
    const frame = await readyWidget(page, iframeSel);
    expect(new URL(frame.url()).origin).toBe(portal);
    expect(new URL(frame.url()).pathname).toBe('/registrar-message');
    await expect
      .poll(() => frame.getByRole('heading', { level: 1 }).textContent())
      .toContain('dreamhome.com');
    await frame.getByRole('link', { name: GET_STARTED }).waitFor({ state: 'visible' });

    const before = await expectFits(page, iframeSel);
    expect(before.iframe.clientHeight).toBeGreaterThanOrEqual(120);
    expect(before.iframe.clientHeight).toBeLessThanOrEqual(1200);
    await screenshot(page, 'widget-index');

    // Opening "How it works" makes the content taller: the iframe follows, still without scrollbars.
    await frame.getByText('How it works').click();
    await expect
      .poll(async () => (await sizes(page, iframeSel)).iframe.clientHeight)
      .toBeGreaterThan(before.iframe.clientHeight);
    const opened = await expectFits(page, iframeSel);

    // A phone-width viewport wraps the text: the iframe takes the new height and stays as wide as its slot.
    await page.setViewportSize(PHONE);
    await expect
      .poll(async () => (await sizes(page, iframeSel)).iframe.clientWidth)
      .toBeLessThan(before.iframe.clientWidth);
    const phone = await expectFits(page, iframeSel);
    expect(phone.iframe.clientHeight).toBeGreaterThan(opened.iframe.clientHeight);
    await screenshot(page, 'widget-index-phone');
  });

  it("'Get Started' opens the portal's landing page in a new tab with the domain and registrar, and tells the host", async () => {
    const page = await openHostPage('/index.html');
    const portal = baseURL();
    const iframeSel = 'script[data-registrar-id] + div > iframe[title]';
    const frame = await readyWidget(page, iframeSel);
    const instance = instanceOf(await page.locator(iframeSel).getAttribute('src'));

    const opened = page.context().waitForEvent('page');
    await frame.getByRole('link', { name: GET_STARTED }).click();
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === '/registrar-landing-page', { waitUntil: 'commit' });
    const url = new URL(tab.url());
    expect(url.origin).toBe(portal);
    expect(url.searchParams.get('domainName')).toBe('dreamhome.com');
    expect(url.searchParams.get('registrarId')).toBe(DEMO_REGISTRAR_ID);
    // A real new tab, not a navigation of the registrar's page, and without a handle on it (rel=noopener).
    expect(new URL(page.url()).origin).toBe(site().url);
    expect(await tab.evaluate(() => window.opener)).toBeNull();

    // The host page heard get-started from its own iframe, from the portal origin, with its instance id.
    let heard: ProbeMessage[] = [];
    await expect
      .poll(async () => {
        heard = (await widgetMessages(page)).filter((m) => m.data?.type === 'get-started');
        return heard.length;
      })
      .toBe(1);
    expect(heard[0]).toEqual({
      origin: portal,
      fromInstance: instance,
      data: {
        source: 'domain-broker',
        v: 1,
        type: 'get-started',
        instanceId: instance,
        payload: { domainName: 'dreamhome.com', registrarId: DEMO_REGISTRAR_ID },
      },
    });
  });

  it('records the view once per visitor: the second load of the same domain is answered recorded: false', async () => {
    const page = await openHostPage('/index.html');
    const domain = uniqueDomain('clicks');
    const answers: { status: number; recorded: unknown; frameOrigin: string }[] = [];
    // The server's answers to the frame's POST /api/updateClicks for this domain. Read through a pass-through
    // route: the frame never reads that body (it ignores the answer), and Chromium then never reports the
    // out-of-process frame's response as finished, so response.json() would wait forever.
    await page.route(
      (url) =>
        url.pathname === `/api/updateClicks/${DEMO_REGISTRAR_ID}` && url.searchParams.get('dn') === domain,
      async (route) => {
        const res = await route.fetch();
        const body = (await res.json().catch(() => ({}))) as { data?: { recorded?: unknown } };
        answers.push({
          status: res.status(),
          recorded: body.data?.recorded,
          frameOrigin: new URL(route.request().frame().url()).origin,
        });
        await route.fulfill({ response: res });
      },
    );

    // The registrar's snippet for a domain nobody has viewed yet, pasted into the page (the loader is
    // already there, so this exercises "pasting the script tag twice is harmless" as well).
    const paste = async () => {
      await page.evaluate(
        ([portal, registrarId, dn]) => {
          const slot = document.createElement('section');
          slot.id = 'pasted';
          const script = document.createElement('script');
          script.async = true;
          script.src = `${portal}/widget.js`;
          script.dataset.registrarId = registrarId;
          script.dataset.domain = dn;
          slot.appendChild(script);
          document.querySelector('main')?.appendChild(slot);
        },
        [baseURL(), DEMO_REGISTRAR_ID, domain] as const,
      );
      const frame = await readyWidget(page, '#pasted iframe[title]');
      await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toContain(domain);
    };

    await paste();
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toEqual({ status: 200, recorded: true, frameOrigin: baseURL() });

    await page.reload();
    await paste();
    await expect.poll(() => answers.length).toBe(2);
    expect(answers[1]).toEqual({ status: 200, recorded: false, frameOrigin: baseURL() });
  });
});

describe('several widgets and single-page apps', () => {
  it('keeps two widgets on one page apart: own instance ids, own events, own heights', async () => {
    const page = await openHostPage('/two-widgets.html');
    const first = '#first iframe[title]';
    const second = '#second iframe[title]';
    await readyWidget(page, first);
    const searchFrame = await readyWidget(page, second);
    await expect(page.locator('iframe').count()).resolves.toBe(2);
    const firstId = instanceOf(await page.locator(first).getAttribute('src'));
    const secondId = instanceOf(await page.locator(second).getAttribute('src'));
    expect(firstId).not.toBe(secondId);
    const firstFits = await expectFits(page, first);
    const secondFits = await expectFits(page, second);
    await screenshot(page, 'widget-two-widgets');

    // Every protocol message comes from the iframe whose instance id it carries.
    const seen = await widgetMessages(page);
    expect(seen.length).toBeGreaterThanOrEqual(4); // ready + resize from each
    for (const m of seen) expect(m.data?.instanceId).toBe(m.fromInstance);
    expect(new Set(seen.map((m) => m.fromInstance))).toEqual(new Set([firstId, secondId]));

    // Forgeries aimed at the first widget, which must not move it: a resize carrying its instance id
    // (a) from the second widget's frame (the portal origin, but not the first widget's own window) and
    // (b) from the host page itself (wrong origin, wrong window).
    const FORGED = [901, 902];
    const forged = (height: number, instanceId: string) => ({
      source: 'domain-broker',
      v: 1,
      type: 'resize',
      instanceId,
      payload: { height },
    });
    await searchFrame.evaluate(([message, host]) => window.parent.postMessage(message, host), [
      forged(FORGED[0] as number, firstId),
      site().url,
    ] as const);
    await page.evaluate((message) => window.postMessage(message, '*'), forged(FORGED[1] as number, firstId));

    // The second (search) widget grows when it shows the offer. Its real resize comes after the forgeries
    // (same windows, so the same order), so once it has landed the forgeries have been handled too.
    const logged = (await logEntries(page)).length;
    await searchFrame.getByLabel('Domain name').fill('bestcoffee.com');
    await searchFrame.getByRole('button', { name: 'Search' }).click();
    await searchFrame.getByRole('link', { name: GET_STARTED }).waitFor({ state: 'visible' });
    await expect
      .poll(async () => (await sizes(page, second)).iframe.clientHeight)
      .toBeGreaterThan(secondFits.iframe.clientHeight);
    const grown = await expectFits(page, second);
    await screenshot(page, 'widget-two-widgets-search');

    // The first widget kept its height (neither the second's growth nor the forgeries moved it).
    expect((await sizes(page, first)).iframe.clientHeight).toBe(firstFits.iframe.clientHeight);
    const all = await widgetMessages(page);
    expect(all.filter((m) => FORGED.includes(m.data?.payload?.height as number))).toHaveLength(2);

    // The second widget's log got its own resize with its own new height, and nothing forged.
    const after = (await logEntries(page)).slice(logged);
    expect(after).toContainEqual({ type: 'resize', height: grown.iframe.clientHeight });
    expect(after.filter((e) => FORGED.includes(e.height as number))).toEqual([]);
    // Every genuine message still came from the iframe whose instance id it carries.
    const genuine = all.slice(seen.length).filter((m) => !FORGED.includes(m.data?.payload?.height as number));
    expect(genuine.some((m) => m.fromInstance === secondId && m.data?.type === 'resize')).toBe(true);
    for (const m of genuine) expect(m.data?.instanceId).toBe(m.fromInstance);
  });

  it('destroy and remount in a single-page app leave one iframe and no stray message listener', async () => {
    const page = await openHostPage('/spa.html');
    const slot = '#broker iframe[title]';
    await readyWidget(page, slot);
    expect((await probe(page)).messageListeners).toBe(1);

    for (let i = 0; i < 5; i += 1) await page.getByRole('button', { name: 'Remount' }).click();
    await readyWidget(page, slot);
    await expect.poll(() => page.locator('iframe').count()).toBe(1);
    expect((await probe(page)).messageListeners).toBe(1);
    await expect
      .poll(() => page.locator('#status').textContent())
      .toMatch(/^Mounted: .*\(1 iframe in the slot\)/);

    // Updating in place keeps the same iframe (same instance) and changes the frame's content.
    const instance = instanceOf(await page.locator(slot).getAttribute('src'));
    await page.getByRole('button', { name: 'Change domain' }).click();
    const frame = await readyWidget(page, slot);
    await expect
      .poll(() => frame.getByRole('heading', { level: 1 }).textContent())
      .toContain('bestcoffee.com');
    expect(instanceOf(await page.locator(slot).getAttribute('src'))).toBe(instance);
    await screenshot(page, 'widget-spa');

    await page.getByRole('button', { name: 'Destroy' }).click();
    await expect.poll(() => page.locator('iframe').count()).toBe(0);
    expect((await probe(page)).messageListeners).toBe(0);
    await expect
      .poll(() => page.locator('#status').textContent())
      .toBe('Not mounted (0 iframes in the slot).');

    const readyBefore = (await logEntries(page)).filter((e) => e.type === 'ready').length;
    await page.getByRole('button', { name: 'Mount', exact: true }).click();
    await readyWidget(page, slot);
    await expect.poll(() => page.locator('iframe').count()).toBe(1);
    expect((await probe(page)).messageListeners).toBe(1);
    await expect
      .poll(async () => (await logEntries(page)).filter((e) => e.type === 'ready').length)
      .toBe(readyBefore + 1);
    await expectFits(page, slot);
  });
});

describe('search mode asks the registry (the local RDAP stand-in, e2e/support/rdap-standin.mjs)', () => {
  it('calls a registered name taken with the broker offer, and a free one available with a link back to the registrar', async () => {
    const page = await openHostPage('/two-widgets.html');
    const frame = await readyWidget(page, '#second iframe[title]');
    const searchFor = async (name: string) => {
      if (!(await frame.getByLabel('Domain name').count()))
        await frame.getByRole('button', { name: 'Search another domain' }).click();
      await frame.getByLabel('Domain name').fill(name);
      await frame.getByRole('button', { name: 'Search' }).click();
    };

    await searchFor('taken-e2e.com');
    await frame.getByRole('heading', { name: 'taken-e2e.com is already registered' }).waitFor();
    await frame.getByRole('link', { name: GET_STARTED }).waitFor({ state: 'visible' });
    expect(await frame.locator('body').textContent()).toContain(
      '20% commission on top of the negotiated price',
    );

    const free = uniqueDomain('free');
    await searchFor(free);
    await frame.getByRole('heading', { name: `${free} is available` }).waitFor();
    const register = frame.getByRole('link', { name: /^Register It/ });
    expect(await register.getAttribute('href')).toBe(`${site().url}/`);
    expect(await register.getAttribute('target')).toBe('_blank');
    expect(await frame.getByRole('link', { name: GET_STARTED }).count()).toBe(0);
    await expectFits(page, '#second iframe[title]');
    await screenshot(page, 'widget-search-available');
  });
});

describe('other ways to embed', () => {
  it('works on the strict-CSP page with no CSP violation on either side', async () => {
    const page = await newPage();
    await page.addInitScript(installProbe);
    const consoleLines: string[] = [];
    page.on('console', (msg) => consoleLines.push(`${msg.type()}: ${msg.text()}`));
    const frameCsp: string[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/registrar-message')
        frameCsp.push(res.headers()['content-security-policy'] ?? '');
    });
    const response = await page.goto(`${site().url}/strict-csp.html`);
    // The page really is under the strict policy (otherwise this test would prove nothing).
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`script-src 'self' ${baseURL()}`);
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');

    const iframeSel = 'script[data-registrar-id] + div > iframe[title]';
    const frame = await readyWidget(page, iframeSel);
    await frame.getByRole('link', { name: GET_STARTED }).waitFor({ state: 'visible' });
    await expectFits(page, iframeSel);
    expect(frameCsp).toHaveLength(1);
    expect(frameCsp[0]).toMatch(/frame-ancestors [^;]*http:\/\/localhost:4000/);
    await page.waitForLoadState('load');
    await screenshot(page, 'widget-strict-csp');

    expect((await probe(page)).violations).toEqual([]);
    expect((await probe(frame)).violations).toEqual([]);
    expect(await page.locator('#violations li').count()).toBe(0);
    expect(await page.locator('#csp-status').textContent()).toBe('None so far.');
    expect(consoleLines.filter((l) => /Content Security Policy|Refused to/i.test(l))).toEqual([]);
  });

  it('works from the npm ESM build (esm.html): ready, resize and get-started reach onEvent', async () => {
    const page = await openHostPage('/esm.html');
    const loaderUrls: string[] = [];
    page.on('request', (req) => loaderUrls.push(new URL(req.url()).pathname));
    await page.reload();
    const iframeSel = '#broker iframe[title]';
    const frame = await readyWidget(page, iframeSel);
    expect(loaderUrls).toContain('/sdk/index.js');
    expect(loaderUrls).not.toContain('/widget.js');
    const fit = await expectFits(page, iframeSel);
    await expect.poll(async () => (await logEntries(page)).map((e) => e.type)).toContain('ready');
    expect(await logEntries(page)).toContainEqual({ type: 'resize', height: fit.iframe.clientHeight });
    await screenshot(page, 'widget-esm');

    const opened = page.context().waitForEvent('page');
    await frame.getByRole('link', { name: GET_STARTED }).click();
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === '/registrar-landing-page', { waitUntil: 'commit' });
    expect(new URL(tab.url()).searchParams.get('domainName')).toBe('dreamhome.com');
    await expect
      .poll(() => logEntries(page))
      .toContainEqual({ type: 'get-started', domainName: 'dreamhome.com', registrarId: DEMO_REGISTRAR_ID });
  });
});

describe('an origin the registrar has not registered (http://localhost:4001)', () => {
  it('gets no widget: the browser refuses the frame, the host hears nothing but its own timeout', async () => {
    const page = await openHostPage('/spa.html', { stranger: true });
    const iframe = page.locator('#broker iframe[title]');
    await iframe.waitFor({ state: 'attached' });
    expect(new URL((await iframe.getAttribute('src')) ?? '').searchParams.get('origin')).toBe(
      strangerSite().url,
    );

    // The loader gives up after its 15 s ready timeout and says so; that is the only event.
    await expect
      .poll(() => logEntries(page), { timeout: 30_000 })
      .toContainEqual({ type: 'error', reason: 'timeout' });
    expect(await logEntries(page)).toEqual([{ type: 'error', reason: 'timeout' }]);
    // Chromium says why: the frame page's frame-ancestors does not list this origin.
    expect(
      (consoleLines.get(page) ?? []).filter((l) => /frame-ancestors/.test(l) && l.includes(baseURL())),
    ).not.toEqual([]);
    expect(await widgetMessages(page)).toEqual([]);
    // The iframe stays invisible and empty: no widget content, no Get Started link.
    expect(await iframe.evaluate((el: HTMLIFrameElement) => [el.style.visibility, el.style.height])).toEqual([
      'hidden',
      '0px',
    ]);
    const frame = await (await iframe.elementHandle())?.contentFrame();
    expect(frame).toBeTruthy();
    expect(new URL((frame as Frame).url()).origin).not.toBe(baseURL());
    expect(await (frame as Frame).locator('a.db-button').count()).toBe(0);
    await screenshot(page, 'widget-unregistered-origin');
  });

  it("still refuses with the browser's frame-ancestors check out of the way: the frame's own origin check", async () => {
    const page = await openHostPage('/index.html', { stranger: true });
    // Strip the frame page's CSP so the browser would frame it anywhere; what remains is the frame's check.
    await page.route(
      (url) => url.origin === baseURL() && url.pathname === '/registrar-message',
      async (route) => {
        const res = await route.fetch();
        const headers = { ...res.headers() };
        delete headers['content-security-policy'];
        await route.fulfill({ response: res, headers });
      },
    );
    await page.reload();

    // 1. The loader's honest claim: origin=http://localhost:4001, which the registrar does not list.
    const honest = page.locator('script[data-registrar-id] + div > iframe[title]');
    await honest.waitFor({ state: 'attached' });
    const honestFrame = await (await honest.elementHandle())?.contentFrame();
    if (!honestFrame) throw new Error('no frame');
    await honestFrame.locator('.db-notice').waitFor({ state: 'attached' });
    expect(new URL(honestFrame.url()).origin).toBe(baseURL());
    expect(await honestFrame.locator('.db-notice').textContent()).toBe('This content is not available here.');
    expect(await honestFrame.getByRole('link', { name: GET_STARTED }).count()).toBe(0);

    // 2. A forged claim: the URL says the registered origin, but the real parent is this page.
    await page.evaluate(
      ([portal, registrarId]) => {
        const f = document.createElement('iframe');
        f.id = 'forged';
        f.src = `${portal}/registrar-message?${new URLSearchParams({
          domainName: 'dreamhome.com',
          registrarId,
          temp: '1',
          origin: 'http://localhost:4000',
          instance: 'forgedforgedforged01',
        })}`;
        document.body.appendChild(f);
      },
      [baseURL(), DEMO_REGISTRAR_ID] as const,
    );
    const forged = await (await page.locator('#forged').elementHandle())?.contentFrame();
    if (!forged) throw new Error('no forged frame');
    await forged.locator('.db-notice').waitFor({ state: 'attached' });
    expect(await forged.getByRole('link', { name: GET_STARTED }).count()).toBe(0);

    // Neither frame said anything to this page, and the widget iframe stayed hidden.
    expect(await widgetMessages(page)).toEqual([]);
    expect(await honest.evaluate((el: HTMLIFrameElement) => el.style.visibility)).toBe('hidden');
  });
});
