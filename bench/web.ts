// `npm run bench:web`: what a visitor on a phone over slow 4G really gets, on the real server with
// demo data (run `npx vite build` first).
// Each page is loaded cold (a fresh browser context) in Chromium with the network throttled through
// CDP (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up: Lighthouse's mobile "slow 4G") and the CPU 4×
// slower, at a phone's viewport. Reported per page: the bytes the network really carried (encoded,
// headers included, as Chromium counts them), Largest Contentful Paint (median of BENCH_RUNS, 3 by
// default), Cumulative Layout Shift and Total Blocking Time (long tasks past 50 ms, from first
// contentful paint until the page is loaded and the network idle).
// Lighthouse's score is not reported: Lighthouse is not installed here, and this bench downloads nothing.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { WEB_DIST } from '../src/server/web/routes';
import { startTestServer } from '../e2e/support/server';
import { launchBrowser } from '../e2e/support/browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_THROTTLING = 4;
/** A mid-range phone (Lighthouse's Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** Quiet network time after which a page counts as loaded. */
const SETTLE_MS = 2000;
/** The target of issue 37 for /, a deck page and /meta. */
const LCP_TARGET_MS = 2500;

interface Load {
  lcp: number;
  cls: number;
  tbt: number;
  bytes: number;
  requests: number;
}

interface PagePerf {
  longTasks: { start: number; duration: number }[];
  cls: number;
  lcp: number;
  /** Hands over entries the observers hold but have not delivered yet (callbacks run when the page idles). */
  flush(): void;
}

/** Collects long tasks, layout shifts and LCP candidates from the very start of the page. */
const OBSERVE_PAGE = () => {
  const perf: PagePerf = { longTasks: [], cls: 0, lcp: 0, flush: () => {} };
  const take: Record<string, (entries: PerformanceEntry[]) => void> = {
    longtask: (entries) =>
      entries.forEach((entry) => perf.longTasks.push({ start: entry.startTime, duration: entry.duration })),
    'layout-shift': (entries) => {
      for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) perf.cls += entry.value;
    },
    'largest-contentful-paint': (entries) => {
      perf.lcp = entries[entries.length - 1]?.startTime ?? perf.lcp;
    },
  };
  const observers = Object.entries(take).map(([type, handle]) => {
    const observer = new PerformanceObserver((list) => handle(list.getEntries()));
    observer.observe({ type, buffered: true });
    return [observer, handle] as const;
  });
  perf.flush = () => observers.forEach(([observer, handle]) => handle(observer.takeRecords()));
  (window as unknown as { __perf: PagePerf }).__perf = perf;
};

/** One cold load of a page. */
async function measure(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  let bytes = 0;
  let requests = 0;
  let inFlight = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests++;
    inFlight--;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', () => {
    inFlight--;
    lastActivity = Date.now();
  });
  // tsx compiles named functions into __name(fn, "name") calls, which the page does not define.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await page.addInitScript(OBSERVE_PAGE);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  // Loaded means the script arrived, not that it ran: the app renders, then asks for its data and
  // images. Settled is when something contentful was painted and the network was quiet for 2 s.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const painted = await page.evaluate(() => {
      const perf = (window as unknown as { __perf: PagePerf }).__perf;
      perf.flush();
      return perf.lcp > 0;
    });
    if (painted && inFlight <= 0 && Date.now() - lastActivity > SETTLE_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const perf = await page.evaluate(() => {
    const perf = (window as unknown as { __perf: PagePerf }).__perf;
    perf.flush();
    const { longTasks, cls, lcp } = perf;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const tbt = longTasks
      .filter((task) => task.start + task.duration > fcp)
      .reduce((sum, task) => sum + Math.max(0, task.start + task.duration - Math.max(task.start, fcp) - 50), 0);
    return { lcp, cls, tbt };
  });
  await context.close();
  return { ...perf, bytes, requests };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function json<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(
    url,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('dist/web is missing: run `npx vite build` first');
  const server = await startTestServer();
  const browser = await launchBrowser();
  let missed = false;
  try {
    const deckId = (await json<{ decks: { _id: string }[] }>(`${server.baseUrl}/api/decks/search-decks?limit=1`, {}))
      .decks[0]._id;
    const meta = await json<{ cards: { code: string }[] }>(`${server.baseUrl}/api/meta/cards`);
    const pages: [name: string, url: string, target: boolean][] = [
      ['/', '/', true],
      ['deck page', `/decks/${deckId}`, true],
      ['/meta', '/meta', true],
      ['card page', `/cards/${meta.cards[0].code}`, false],
      ['search results', '/deck-search-results?sortBy=score', false],
    ];
    console.log(
      `Slow 4G (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), CPU ${CPU_THROTTLING}× slower, ${PHONE.viewport.width}×${PHONE.viewport.height} phone, cold cache, ${RUNS} runs each`,
    );
    console.log('Lighthouse: not installed here, so no performance score (this bench downloads nothing).\n');
    console.log(
      `${'page'.padEnd(16)} ${'LCP median'.padStart(10)}  ${'LCP runs'.padEnd(20)} ${'CLS'.padStart(6)} ${'TBT'.padStart(8)} ${'transferred'.padStart(12)} requests`,
    );
    for (const [name, url, target] of pages) {
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await measure(browser, server.baseUrl + url));
      const lcp = median(loads.map((l) => l.lcp));
      const over = target && lcp > LCP_TARGET_MS;
      missed ||= over;
      console.log(
        `${name.padEnd(16)} ${`${lcp.toFixed(0)} ms`.padStart(10)}  ${loads
          .map((l) => l.lcp.toFixed(0))
          .join(', ')
          .padEnd(20)} ${median(loads.map((l) => l.cls))
          .toFixed(3)
          .padStart(
            6,
          )} ${`${median(loads.map((l) => l.tbt)).toFixed(0)} ms`.padStart(8)} ${`${(median(loads.map((l) => l.bytes)) / 1024).toFixed(1)} KB`.padStart(12)} ${median(loads.map((l) => l.requests))}${over ? `  over the ${LCP_TARGET_MS} ms target` : ''}`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  if (missed) process.exitCode = 1;
}

await main();
