/**
 * axe-core in the page: the library is evaluated through the DevTools protocol (the portal's CSP
 * refuses inline scripts, rightly), then `axe.run` checks the whole document: WCAG 2.0/2.1/2.2 A and
 * AA and axe's best practices, plus `label-content-name-mismatch` (a control whose accessible name
 * does not contain its visible text), which axe keeps among its experimental rules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  /** The first few offending elements (CSS selectors) with axe's summary. */
  nodes: string[];
}

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a global the evaluated script defines
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    // biome-ignore lint/suspicious/noExplicitAny: axe's result objects
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // biome-ignore lint/suspicious/noExplicitAny: axe's node results
      nodes: v.nodes.slice(0, 4).map((n: any) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`.trim()),
    }));
  });
}

/** One line per violation, for an assertion message a person can act on. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n');
}
