import type { Browser, CDPSession, Page } from '@playwright/test';
import { PHONE } from './finderFixtures';

/** Slow 4G (400 ms latency, 400 kbps each way) and a 4× slower CPU for this page, from now on. */
export async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** What a page's network carries from now on, counted over CDP (Network events). */
export function networkMeter(cdp: CDPSession) {
  let bytes = 0;
  let requests = 0;
  const pending = new Set<string>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    pending.add(e.requestId);
    requests += 1;
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    pending.delete(e.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    pending.delete(e.requestId);
    lastActivity = Date.now();
  });
  return {
    /** Every response's encoded size so far, headers included. */
    bytes: () => bytes,
    requests: () => requests,
    /** Resolves once nothing is in flight and the network has been quiet for a second. */
    async quiet() {
      while (pending.size > 0 || Date.now() - lastActivity < 1000)
        await new Promise((r) => setTimeout(r, 100));
    },
  };
}

/**
 * An init script that sets `window.__shownAt` to the first frame after the finder page's heading
 * (`#finder-title`) and `box` (a selector; null: the heading alone) are both laid out. A string,
 * not a function: tsx and the test runner's transform would add helpers the page does not have.
 */
export const shownWatcher = (box: string | null) => `(() => {
  const check = () => {
    if (window.__shownAt) return;
    const title = document.getElementById('finder-title');
    const box = ${JSON.stringify(box)} === null ? title : document.querySelector(${JSON.stringify(box)});
    if (!title?.getBoundingClientRect().height || !box?.getBoundingClientRect().height) return;
    window.__shownAt = -1;
    requestAnimationFrame(() => (window.__shownAt = performance.timeOrigin + performance.now()));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  addEventListener('load', check);
})();`;

/**
 * A cold load on a finder's slow phone, as bench:label-url measures one (bench/labelUrl.ts): slow
 * 4G (400 ms latency, 400 kbps each way) and a 4× slower CPU, through Chromium's own throttling,
 * in a fresh context (no cache, no open connection). `shownMs`: from just before the navigation
 * to the first frame after the page's heading (`#finder-title`) and `box` are both laid out;
 * `bytes`: every response's encoded size (headers included) until the network has been quiet
 * for a second. `html`: the first response's body.
 */
export async function slowPhoneLoad(browser: Browser, url: string, { box = 'input', locale = 'en-US' } = {}) {
  const context = await browser.newContext({ ...PHONE, locale });
  const page = await context.newPage();
  const network = networkMeter(await slowDown(page));
  await page.addInitScript(shownWatcher(box));
  const t0 = Date.now();
  const response = await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => ((window as { __shownAt?: number }).__shownAt ?? 0) > 0, null, {
    polling: 50,
  });
  const shownMs = (await page.evaluate(() => (window as { __shownAt?: number }).__shownAt!)) - t0;
  const html = await response!.text();
  await network.quiet();
  return { context, page, html, status: response!.status(), shownMs, bytes: network.bytes() };
}

export const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
