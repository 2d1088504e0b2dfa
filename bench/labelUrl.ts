/**
 * npm run bench:label-url — the URL printed on every label, `/qr/{code}` (and `/`, its domain typed
 * by hand), opened by a finder's phone on slow 4G (400 ms latency, 400 kbps each way, 4× CPU slowdown, Chromium's own throttling
 * over CDP), beside `/found/{code}` opened directly. Each load is cold (a fresh browser context: no
 * cache, no open connection); the figure is the median of RUNS loads. "Shown" is the first frame
 * after the item's name and the message box are both in the page and laid out, measured on the
 * wall clock from just before the navigation; bytes are every response's encoded size (headers
 * included) up to then, and until the network is quiet. Needs the web build (npm run build:web).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices, type Browser } from '@playwright/test';
import { loadConfig } from '../apps/api/src/config';
import { startServer } from '../apps/api/src/server';
import { assignedItem, giveCode, makeSet } from '../apps/api/src/testing/codeFactory';
import { freshDatabase } from '../apps/api/src/testing/testServer';
import { LABEL_URL_TARGET_BYTES as TARGET_BYTES } from '../apps/web/finderBudget';
import { median, networkMeter, shownWatcher, slowDown } from '../tests/e2e/slowPhone';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1500;
const KBPS = 400;

const webDist = path.resolve('apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'found.html'))) {
  console.error('No web build in apps/web/dist: run npm run build:web first.');
  process.exit(1);
}

const db = await freshDatabase(process.env.BENCH_DB === 'embedded' ? 'embedded' : 'postgres');
const config = loadConfig({
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  SERVE_WEB: '1',
  WEB_DIST: webDist,
  SCAN_LIMIT_PER_MINUTE: '100000',
});
const server = await startServer(config, { db });
const owner = await fetch(`${server.url}/api/auth/register`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'benchmark1' }),
}).then((r) => r.json() as Promise<{ user: { id: string }; sessionToken: string }>);
const backpack = { name: 'Blue backpack', description: 'Navy, with a lighthouse patch on the front pocket.' };
const { code } = await assignedItem(db.knex, owner.user.id, backpack);
const asOwner = (method: string, route: string, body?: unknown) =>
  fetch(`${server.url}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner.sessionToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => {
    if (!r.ok) throw new Error(`${method} ${route}: ${r.status}`);
  });

// Every other state a visitor can meet at a label, each on a code of its own.
const lost = await assignedItem(db.knex, owner.user.id, backpack);
await asOwner('PUT', `/api/items/${lost.itemId}/lost`, { message: 'Lost near the station.' });
const onNoItem = (await makeSet(db.knex)).codes[0]!;
await giveCode(db.knex, onNoItem.id, owner.user.id);
const deleted = await assignedItem(db.knex, owner.user.id, backpack);
await asOwner('DELETE', `/api/items/${deleted.itemId}`);
const switchedOff = await assignedItem(db.knex, owner.user.id, { ...backpack, status: 'inactive' });
const unclaimed = (await makeSet(db.knex)).codes[0]!.value;

declare global {
  interface Window {
    __shownAt?: number;
  }
}

interface Load {
  shownMs: number;
  bytesShown: number;
  bytesTotal: number;
  requests: number;
}

async function coldLoad(browser: Browser, { url, box }: Target): Promise<Load> {
  const context = await browser.newContext({ ...devices['Pixel 5'] });
  const page = await context.newPage();
  const network = networkMeter(await slowDown(page));
  await page.addInitScript(shownWatcher(box));

  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page
    .waitForFunction(() => (window.__shownAt ?? 0) > 0, null, { timeout: 30_000, polling: 50 })
    .catch(async (err) => {
      console.error(page.url(), await page.evaluate(() => [window.__shownAt, document.body?.innerText]));
      throw err;
    });
  const shownAt = await page.evaluate(() => window.__shownAt!);
  const bytesShown = network.bytes();
  // The rest of the page's traffic (analytics, brand, photo): until 1 s without a request.
  await network.quiet();
  await context.close();
  return { shownMs: shownAt - t0, bytesShown, bytesTotal: network.bytes(), requests: network.requests() };
}

const kib = (n: number) => +(n / 1024).toFixed(1);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
interface Target {
  url: string;
  /** Selector of the box that must be laid out besides the heading (null: the heading alone). */
  box: string | null;
}
const at = (path: string, box: string | null = 'textarea'): Target => ({ url: `${server.url}${path}`, box });
const FOUND = 'found item';
const targets: Record<string, Target> = {
  [FOUND]: at(`/qr/${code}`),
  'found item, /found/{code}': at(`/found/${code}`),
  'lost item': at(`/qr/${lost.code}`),
  'claimed label on no item': at(`/qr/${onNoItem.value}`),
  'label of a deleted item': at(`/qr/${deleted.code}`),
  'switched off': at(`/qr/${switchedOff.code}`, null),
  unclaimed: at(`/qr/${unclaimed}`, null),
  'unknown code': at('/qr/ZZZZZZZZZ2', 'input'),
  // The printed address typed by hand: the front door, with the form to type the code.
  'front door, /': at('/', 'input'),
};
const loads: Record<string, Load[]> = {};
// One unmeasured load of each warms the server (module loading, pool connections).
for (const target of Object.values(targets)) await coldLoad(browser, target);
for (let i = 0; i < RUNS; i++)
  for (const [name, target] of Object.entries(targets))
    (loads[name] ??= []).push(await coldLoad(browser, target));

console.log(
  `\nLabel URL on slow 4G (latency 400 ms, ${KBPS} kbps down/up, CPU 4× slower), median of ${RUNS} cold loads:`,
);
const shownOf = (name: string) => median(loads[name]!.map((r) => r.shownMs));
const found = shownOf(FOUND);
console.table(
  Object.entries(loads).map(([name, runs]) => ({
    state: name,
    'first useful content (ms)': Math.round(median(runs.map((r) => r.shownMs))),
    'of found item': +(shownOf(name) / found).toFixed(2),
    'KiB until shown': kib(median(runs.map((r) => r.bytesShown))),
    'KiB in all': kib(median(runs.map((r) => r.bytesTotal))),
    requests: median(runs.map((r) => r.requests)),
    'all runs (ms)': runs.map((r) => Math.round(r.shownMs)).join(' '),
  })),
);
const qr = loads[FOUND]!;
const total = median(qr.map((r) => r.bytesTotal));
// The issue's own reference: /found/{code} alone showed the item in 2.0 s where the target was
// set, so 1.5 s is 0.75 of it; this machine's speed cancels out of the ratio.
const direct = shownOf('found item, /found/{code}');
console.log(
  `/qr/{code}: ${found < TARGET_MS ? 'MET' : 'NOT MET'} (shown < ${TARGET_MS} ms), ` +
    `${total < TARGET_BYTES ? 'MET' : 'NOT MET'} (< ${TARGET_BYTES / 1024} KiB transferred); ` +
    `${(found / direct).toFixed(2)} of /found/{code} in the same run (target ≤ 0.75: 1.5 s of its 2.0 s)`,
);
// Every visitor state within 1.1× of the found item's time, and under 40 KiB in all.
for (const name of Object.keys(targets).filter((n) => n !== FOUND && !n.includes('/found/'))) {
  const ratio = shownOf(name) / found;
  const bytes = median(loads[name]!.map((r) => r.bytesTotal));
  console.log(
    `${name}: ${ratio <= 1.1 ? 'MET' : 'NOT MET'} (${ratio.toFixed(2)} of the found item, target ≤ 1.1), ` +
      `${bytes < TARGET_BYTES ? 'MET' : 'NOT MET'} (${kib(bytes)} KiB, < ${TARGET_BYTES / 1024} KiB)`,
  );
}

await browser.close();
await server.close(); // closes (and drops) the database too
process.exit(0);
