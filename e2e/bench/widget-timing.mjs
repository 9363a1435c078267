#!/usr/bin/env node
// `pnpm bench` part "widget-timing" (run after a build): how long the registrar widget takes to be ready,
// next to the cheapest thing a page can load from the same server, plus the widget's gzipped sizes.
//
//   widget:   insert the snippet (<script async src=PORTAL/widget.js data-registrar-id data-domain>) into a
//             blank page of the example registrar site (http://localhost:4000, the origin the seed
//             registers) → the frame's `ready` message reaches the host page (the frame sends it once it
//             has loaded its script and checked the host's origin against the registrar's list).
//   baseline: insert a blank <iframe src=PORTAL/api/health> into the same kind of page → its load event.
//             (/api/health is a few bytes of JSON; the portal sends X-Frame-Options DENY on it, so
//             Chromium shows its own blank error page, but the load event still marks the complete round
//             trip to the same server, which is what a blank frame costs.)
//
// Two conditions, RUNS each (default 20, WIDGET_TIMING_RUNS to change):
//   cold: every measurement in a fresh browser context (empty HTTP cache, new connections): a visitor's
//         first page with the widget;
//   warm: one page, measurements one after the other (cached /widget.js and frame assets, open
//         connections): the next search result page of the same visitor.
// Prints medians, p90s, the ratio of the medians (goal: at most 1.2, cold; ADR 022) and the median of the
// per-run ratios (widget / blank iframe measured back to back). Figures, not assertions: exits 0
// whatever they are; non-zero only when it cannot measure at all.
//
// Starts the built server (e2e/support/server.mjs: node packages/server/dist/main.js, temporary DATA_DIR,
// free port, PASSWORD_HASH_COST=test, STATIC_DIR=packages/portal/dist; NODE_ENV=development here) and
// examples/registrar-site/server.mjs on port 4000 with PORTAL_URL; Debian's Chromium, never a download.
// Stops everything it started.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_REGISTRAR_ID, startRegistrarSite } from '../support/registrar-site.mjs';
import { chromiumArgs, chromiumPath, repoRoot, startServer } from '../support/server.mjs';

const RUNS = Math.max(1, Number(process.env.WIDGET_TIMING_RUNS ?? 20) || 20);
const SITE_PORT = 4000;
const REGISTRAR_ID = DEMO_REGISTRAR_ID;
const DOMAIN = 'dreamhome.com';
const GOAL_RATIO = 1.2;

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    await fn().catch((err) => console.error(`widget-timing: cleanup failed: ${err?.message ?? err}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

/**
 * A blank HTML page on the example site's origin: its 404 answer (a plain-text "Not found" page, which
 * Chromium renders as a document of that origin), emptied. No request interception, which would slow
 * every request of the page and of its frames.
 */
async function openBlankPage(context, siteURL) {
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${siteURL}/__blank__`);
  await page.evaluate(() => {
    document.documentElement.lang = 'en';
    document.body.replaceChildren();
  });
  return page;
}

/**
 * Milliseconds from inserting the snippet to the frame's ready message, measured in the page (total), and
 * to the moment the loader has put its iframe into the page (mount: widget.js fetched, run and mounted).
 */
function measureWidget(page, portal) {
  return page.evaluate(
    ([portalOrigin, registrarId, domain]) =>
      new Promise((resolve, reject) => {
        const slot = document.createElement('div');
        slot.className = 'bench-slot';
        const timer = setTimeout(() => reject(new Error('no ready message within 20 s')), 20_000);
        let t0 = 0;
        let mounted = Number.NaN;
        const observer = new MutationObserver(() => {
          if (Number.isNaN(mounted) && slot.querySelector('iframe')) {
            mounted = performance.now() - t0;
            observer.disconnect();
          }
        });
        observer.observe(slot, { childList: true, subtree: true });
        const onMessage = (event) => {
          const data = event.data;
          const iframe = slot.querySelector('iframe');
          if (
            event.origin === portalOrigin &&
            iframe &&
            event.source === iframe.contentWindow &&
            data?.source === 'domain-broker' &&
            data.type === 'ready'
          ) {
            const elapsed = performance.now() - t0;
            clearTimeout(timer);
            observer.disconnect();
            window.removeEventListener('message', onMessage);
            resolve({ total: elapsed, mount: mounted });
          }
        };
        window.addEventListener('message', onMessage);
        const script = document.createElement('script');
        script.async = true;
        script.src = `${portalOrigin}/widget.js`;
        script.dataset.registrarId = registrarId;
        script.dataset.domain = domain;
        t0 = performance.now();
        slot.appendChild(script);
        document.body.appendChild(slot);
      }),
    [portal, REGISTRAR_ID, DOMAIN],
  );
}

/** Milliseconds from inserting a blank iframe pointing at the portal's /api/health to its load event. */
function measureBlankIframe(page, portal) {
  return page.evaluate(
    (src) =>
      new Promise((resolve, reject) => {
        const slot = document.createElement('div');
        slot.className = 'bench-slot';
        const timer = setTimeout(() => reject(new Error('no load event within 20 s')), 20_000);
        const iframe = document.createElement('iframe');
        iframe.addEventListener('load', () => {
          clearTimeout(timer);
          resolve(performance.now() - t0);
        });
        iframe.src = src;
        const t0 = performance.now();
        slot.appendChild(iframe);
        document.body.appendChild(slot);
      }),
    `${portal}/api/health`,
  );
}

/** Removes what a measurement inserted (destroying the widget first, so its listener goes too). */
async function clearPage(page) {
  await page.evaluate(() => {
    for (const slot of document.querySelectorAll('.bench-slot')) {
      const mount = slot.querySelector('iframe')?.parentElement;
      if (mount && window.DomainBroker?.loaded) window.DomainBroker('destroy', mount);
      slot.remove();
    }
  });
}

function record(set, { total, mount }) {
  set.widget.push(total);
  set.mount.push(mount);
}

const median = (xs) => quantile(xs, 0.5);
function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  if (q === 0.5) {
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  }
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]; // nearest rank
}
const ms = (x) => `${x.toFixed(1).padStart(7)} ms`;

async function main() {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH); this bench never downloads a browser`,
    );
  }
  const sdkDist = join(repoRoot, 'packages/widget-sdk/dist');
  if (!existsSync(join(sdkDist, 'widget.js')) || !existsSync(join(sdkDist, 'frame/registrar-message.html'))) {
    throw new Error('packages/widget-sdk/dist is incomplete: run `pnpm build` first');
  }

  const server = await startServer({
    env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    logFile: join(repoRoot, 'e2e/.tmp/bench-server.log'),
  });
  cleanups.push(() => server.stop());
  const portal = server.baseURL;
  const site = await startRegistrarSite({
    port: SITE_PORT,
    portalURL: portal,
    logFile: join(repoRoot, `e2e/.tmp/bench-registrar-site-${SITE_PORT}.log`),
  });
  cleanups.push(() => site.stop());

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    timeout: 60_000,
  });
  cleanups.push(() => browser.close());
  const version = browser.version();

  // Cold: a fresh context (empty cache, no open connection) for every single measurement.
  const cold = { widget: [], blank: [], mount: [] };
  for (let i = 0; i < RUNS; i += 1) {
    // Alternate which one goes first, so neither always meets a busier or calmer machine.
    const order = i % 2 ? ['blank', 'widget'] : ['widget', 'blank'];
    for (const kind of order) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const page = await openBlankPage(context, site.url);
        if (kind === 'widget') record(cold, await measureWidget(page, portal));
        else cold.blank.push(await measureBlankIframe(page, portal));
      } finally {
        await context.close();
      }
    }
  }

  // Warm: one page, one untimed round of each first, then RUNS alternating measurements.
  const warm = { widget: [], blank: [], mount: [] };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  cleanups.push(() => context.close());
  const page = await openBlankPage(context, site.url);
  await measureWidget(page, portal);
  await clearPage(page);
  await measureBlankIframe(page, portal);
  await clearPage(page);
  for (let i = 0; i < RUNS; i += 1) {
    const order = i % 2 ? ['blank', 'widget'] : ['widget', 'blank'];
    for (const kind of order) {
      if (kind === 'widget') record(warm, await measureWidget(page, portal));
      else warm.blank.push(await measureBlankIframe(page, portal));
      await clearPage(page);
    }
  }
  // Sanity: the widget destroyed itself each time, so no widget iframe is left behind.
  const leftovers = await page.evaluate(() => document.querySelectorAll('iframe').length);

  console.log(
    `widget timing: Chromium ${version} headless, ${RUNS} runs per figure, host page ${site.url}, portal ${portal}`,
  );
  console.log("  widget   = inserting the snippet → the frame's ready message on the host page");
  console.log('  baseline = inserting a blank iframe (portal /api/health) → its load event');
  console.log('');
  console.log('  condition  what        median      p90      min      max');
  const rows = [];
  for (const [name, set] of [
    ['cold', cold],
    ['warm', warm],
  ]) {
    for (const kind of ['widget', 'blank']) {
      const xs = set[kind];
      console.log(
        `  ${name.padEnd(9)}  ${(kind === 'widget' ? 'widget' : 'baseline').padEnd(9)} ${ms(median(xs))} ${ms(quantile(xs, 0.9))} ${ms(Math.min(...xs))} ${ms(Math.max(...xs))}`,
      );
    }
    const framepart = set.widget.map((t, i) => t - set.mount[i]);
    console.log(
      `  ${name.padEnd(9)}  of which: snippet → iframe inserted (widget.js fetched and run) median ${ms(median(set.mount)).trim()}; iframe inserted → ready median ${ms(median(framepart)).trim()}`,
    );
    const ratio = median(set.widget) / median(set.blank);
    const ratio90 = quantile(set.widget, 0.9) / quantile(set.blank, 0.9);
    // Run i's widget and blank iframe were measured back to back, so they met about the same machine
    // load: the median of these paired ratios moves less with a shared machine than the ratio of medians.
    const paired = median(set.widget.map((t, i) => t / set.blank[i]));
    rows.push({ name, ratio, ratio90, paired });
  }
  console.log('');
  for (const { name, ratio, ratio90, paired } of rows) {
    console.log(
      `  ratio ${name}: ${ratio.toFixed(2)} (medians; p90s ${ratio90.toFixed(2)}; median of paired ratios ${paired.toFixed(2)}); goal at most ${GOAL_RATIO}: ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'}`,
    );
  }
  if (leftovers !== 0) console.log(`  note: ${leftovers} iframe(s) left on the warm page after destroy`);

  console.log('\nwidget sizes (node packages/widget-sdk/scripts/size.mjs):');
  const size = spawnSync(process.execPath, [join(repoRoot, 'packages/widget-sdk/scripts/size.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (size.status !== 0) console.log(`  size.mjs exited with ${size.status}`);
}

let code = 0;
try {
  await main();
} catch (err) {
  console.error(`widget-timing: could not measure: ${err?.stack ?? err}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
