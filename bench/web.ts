// `npm run bench:web`: what the home page costs a visitor.
// 1. The gzipped JS and CSS that `/` loads first: the entry script, its modulepreload links and
//    stylesheets, read from dist/web/index.html (run `npx vite build` first).
// 2. Largest Contentful Paint of `/` and of a deck page in Chromium with 4× CPU throttling, cold
//    cache, median of several runs, against the real server with demo data.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { WEB_DIST } from '../src/server/web/routes';
import { startTestServer } from '../e2e/support/server';
import { launchBrowser } from '../e2e/support/browser';

/** The budget of first-load JS for `/`, gzipped. */
const FIRST_LOAD_JS_BUDGET_KB = 180;
/** CPU slowdown, as Lighthouse's mobile preset uses. */
const CPU_THROTTLING = 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function firstLoadAssets(): { js: string[]; css: string[] } {
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]);
  return {
    js: [...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)],
    css: attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
  };
}

function gzipSize(url: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(WEB_DIST, url))).length;
}

function reportBundle(): number {
  const { js, css } = firstLoadAssets();
  console.log('First load of / (gzipped):');
  let jsTotal = 0;
  for (const file of js) {
    const size = gzipSize(file);
    jsTotal += size;
    console.log(`  JS  ${file.padEnd(44)} ${kb(size)}`);
  }
  let cssTotal = 0;
  for (const file of css) {
    const size = gzipSize(file);
    cssTotal += size;
    console.log(`  CSS ${file.padEnd(44)} ${kb(size)}`);
  }
  console.log(`  total JS ${kb(jsTotal)} (budget ${FIRST_LOAD_JS_BUDGET_KB} KB), total CSS ${kb(cssTotal)}`);
  return jsTotal;
}

/** LCP of one cold page load, in ms, with the CPU slowed down. */
async function measureLcp(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  await page.goto(url, { waitUntil: 'networkidle' });
  // A buffered observer hands over every LCP candidate so far; the last one is the LCP.
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(0), 3000);
      }),
  );
  await context.close();
  return lcp;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('dist/web is missing: run `npx vite build` first');
  const jsTotal = reportBundle();
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const res = await fetch(`${server.baseUrl}/api/decks/search-decks?limit=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const deckId = ((await res.json()) as { decks: { _id: string }[] }).decks[0]._id;
    console.log(`\nLargest Contentful Paint, ${CPU_THROTTLING}× CPU throttling, cold cache, median of ${RUNS}:`);
    for (const [name, url] of [['/', '/'], ['deck page', `/decks/${deckId}`]] as const) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measureLcp(browser, server.baseUrl + url));
      console.log(`  ${name.padEnd(10)} ${median(runs).toFixed(0)} ms  (runs: ${runs.map((r) => r.toFixed(0)).join(', ')})`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  if (jsTotal / 1024 > FIRST_LOAD_JS_BUDGET_KB) process.exitCode = 1;
}

await main();
