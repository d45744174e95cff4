// axe-core in the page under test, for the browser suites: `expect(await axeViolations(page)).toEqual([])`
// on every page they visit. Evaluated through the browser's debugging protocol: the site's CSP rightly
// refuses an inline script tag, so axe cannot be added as one.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Theme = 'dark' | 'light';

interface AxeResult {
  violations: { id: string; nodes: { target: unknown[] }[] }[];
}

/** The violations of the page as it is now, in its own theme: rule id and the first offending element. */
async function violationsNow(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(): Promise<AxeResult> } };
    const { violations } = await axe.run();
    return violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes[0]?.target)} (${v.nodes.length})`);
  });
}

/**
 * axe's violations on the page as it is now, in the dark theme and the light one (switched on the
 * page's `<html data-theme>`, as the theme switch does, and put back after), each prefixed by its
 * theme. `themes: ['current']` checks only the theme the page shows, for a page mid-way through a flow.
 */
export async function axeViolations(page: Page, themes: (Theme | 'current')[] = ['dark', 'light']): Promise<string[]> {
  const shown = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  const found: string[] = [];
  for (const theme of themes) {
    if (theme !== 'current') await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    // The theme's colours apply at the next style pass: no colour of the site eases in (its only
    // transitions move the theme switch's knob and the gallery's tilt), so two frames are enough.
    // The quarter-second wait this replaces cost half a second of every page checked in both themes.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const name = theme === 'current' ? shown : theme;
    found.push(...(await violationsNow(page)).map((violation) => `${name}: ${violation}`));
  }
  await page.evaluate((t) => (document.documentElement.dataset.theme = t), shown);
  return found;
}
