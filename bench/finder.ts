/**
 * npm run bench:finder — the finder's two hot calls under load on a real PostgreSQL server, beside
 * a bare Koa server doing one indexed read in the same run (the baseline), then the time from a
 * report POST to the owner's e-mail being accepted by SMTP and to the live event, over 200 reports.
 * Figures are printed, not asserted: this machine is shared and noisy, so compare the ratios.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Koa from 'koa';
import { loadConfig } from '../apps/api/src/config';
import { connectPostgres } from '../apps/api/src/db/connection';
import { startServer } from '../apps/api/src/server';
import { assignedItem } from '../apps/api/src/testing/codeFactory';
import { startSmtpSink } from '../apps/api/src/testing/smtpSink';
import { freshDatabase } from '../apps/api/src/testing/testServer';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 100;
const REPORTS = 200;
// Finders scan different labels: each request takes the next of these, round-robin, so batching
// and caches see a spread of codes rather than one hot label.
const LABELS = 500;

const sink = await startSmtpSink();
const db = await freshDatabase('postgres');
const config = loadConfig({
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  SERVE_WEB: '0',
  SMTP_URL: sink.url,
  SCAN_LIMIT_PER_MINUTE: '100000000',
  REPORT_LIMIT_PER_ITEM: '100000',
  REPORT_LIMIT_PER_ADDRESS: '100000',
  REPORT_HOLD_AFTER_PER_ITEM: '100000',
  CODE_LOOKUP_LIMIT_PER_MINUTE: '100000000',
});
const server = await startServer(config, { db });

const register = await fetch(`${server.url}/api/auth/register`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'benchmark1' }),
}).then((r) => r.json() as Promise<{ user: { id: string }; sessionToken: string }>);
const codes: string[] = [];
for (let i = 0; i < LABELS; i += 50)
  codes.push(
    ...(
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          assignedItem(db.knex, register.user.id, { name: `Bench keys ${i + j}` }),
        ),
      )
    ).map((label) => label.code),
  );
const code = codes[0]!;
let turn = 0;
const nextCode = () => codes[turn++ % codes.length]!;

// The baseline: Koa, one pool of the same size, one indexed read of the same table per request.
const bare = connectPostgres(db.url!);
const bareApp = new Koa();
bareApp.use(async (ctx) => {
  ctx.body = await bare.knex('qrCodes').where({ value: ctx.query.code }).first('id', 'itemId');
});
const bareServer = http.createServer(bareApp.callback());
await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;

type Run = { name: string; rps: number; p50: number; p99: number; errors: number };
async function load(name: string, opts: autocannon.Options): Promise<Run> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}
const scanBody = () =>
  JSON.stringify({
    qrCode: nextCode(),
    scannedAt: new Date().toISOString(),
    platform: 'bench',
    language: 'en-US',
    screenSize: '390x844',
    // A finder page's device id (issue 15): the recorder's repeat check probes every scan.
    deviceId: `bench-device-${Math.floor(Math.random() * 2000)}`,
  });
// The machine is shared and noisy: the three loads take turns, round after round, and each call's
// ratio is the median of its per-round ratios to the baseline measured just before it.
const loads: [string, autocannon.Options][] = [
  [
    'bare Koa + 1 indexed read (baseline)',
    { url: bareUrl, requests: [{ setupRequest: (req) => ({ ...req, path: `/?code=${nextCode()}` }) }] },
  ],
  [
    'GET /api/found/{code}',
    {
      url: server.url,
      requests: [{ setupRequest: (req) => ({ ...req, path: `/api/found/${nextCode()}` }) }],
    },
  ],
  [
    'POST /api/analytics/scan',
    {
      url: `${server.url}/api/analytics/scan`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: (req) => ({ ...req, body: scanBody() }) }],
    },
  ],
];
const rounds: Run[][] = [];
for (let round = 0; round < ROUNDS; round++) {
  const runs: Run[] = [];
  for (const [name, opts] of loads) runs.push(await load(name, opts));
  rounds.push(runs);
}
const median = (xs: number[]) => {
  const sorted = xs.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const summary = loads.map(([name], i) => {
  const mine = rounds.map((runs) => runs[i]!);
  return {
    name,
    rps: median(mine.map((r) => r.rps)),
    p50: median(mine.map((r) => r.p50)),
    p99: median(mine.map((r) => r.p99)),
    errors: mine.reduce((sum, r) => sum + r.errors, 0),
    ratios: rounds.map((runs) => runs[i]!.rps / runs[0]!.rps),
  };
});

console.log(
  `\nLoad: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per call, ${LABELS} labels round-robin, PostgreSQL ${db.url!.replace(/\/\/[^@]*@/, '//')}`,
);
console.table(
  summary.map((r) => ({
    call: r.name,
    'req/s (median)': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors,
    'ratio to baseline (median)': +median(r.ratios).toFixed(2),
    'ratio per round': r.ratios.map((x) => x.toFixed(2)).join(' '),
  })),
);
for (const r of summary.slice(1)) {
  const ratio = median(r.ratios);
  console.log(
    `${r.name}: ratio ${ratio.toFixed(2)} (target ≥ 0.7) ${ratio >= 0.7 ? 'MET' : 'NOT MET'}; p99 ${r.p99} ms (target < 50) ${r.p99 < 50 ? 'MET' : 'NOT MET'}; errors ${r.errors} (target 0) ${r.errors === 0 ? 'MET' : 'NOT MET'}`,
  );
}

// Report → e-mail accepted and → live event, one report at a time.
const events = new Map<string, number>();
const stream = await fetch(`${server.url}/api/users/me/events`, {
  headers: { Authorization: `Bearer ${register.sessionToken}` },
});
const reader = stream.body!.getReader();
void (async () => {
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) return;
    buffer += new TextDecoder().decode(value);
    for (const m of buffer.matchAll(/event: found_report\ndata: (.+)\n\n/g))
      events.set(JSON.parse(m[1]!).id, performance.now());
    buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
  }
})();
const mailTimes = new Map<string, number>();
const seen = new Set<string>();
const mailWatcher = setInterval(() => {
  for (const m of sink.received)
    if (!seen.has(m.messageId)) {
      seen.add(m.messageId);
      mailTimes.set(/report-([\w-]+)-email/.exec(m.messageId)?.[1] ?? '', performance.now());
    }
}, 1);
const toMail: number[] = [];
const toEvent: number[] = [];
for (let i = 0; i < REPORTS; i++) {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/found/${code}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ foundNotes: `bench report ${i}`, finderPhone: '+15551230000' }),
  });
  const { data } = (await res.json()) as { data: { reportId: string } };
  const until = performance.now() + 5000;
  while ((!mailTimes.has(data.reportId) || !events.has(data.reportId)) && performance.now() < until)
    await new Promise((r) => setTimeout(r, 1));
  toMail.push((mailTimes.get(data.reportId) ?? Infinity) - t0);
  toEvent.push((events.get(data.reportId) ?? Infinity) - t0);
}
clearInterval(mailWatcher);
const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
console.log(`\nReport → owner notified, ${REPORTS} reports:`);
console.table([
  {
    path: 'POST report → SMTP accepted e-mail',
    'p50 ms': +pct(toMail, 50).toFixed(1),
    'p95 ms': +pct(toMail, 95).toFixed(1),
  },
  {
    path: 'POST report → SSE event on dashboard',
    'p50 ms': +pct(toEvent, 50).toFixed(1),
    'p95 ms': +pct(toEvent, 95).toFixed(1),
  },
]);
console.log(
  `p95 to e-mail ${pct(toMail, 95) < 1000 ? 'MET' : 'NOT MET'} and to event ${pct(toEvent, 95) < 1000 ? 'MET' : 'NOT MET'} (target < 1000 ms)`,
);

await reader.cancel();
bareServer.close();
await bare.close();
await server.close();
await sink.close();
process.exit(0);
