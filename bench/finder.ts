/**
 * npm run bench:finder — the finder's two hot calls under load on a real PostgreSQL server, beside
 * a bare Koa server doing one indexed read in the same run (the baseline), then the time from a
 * report POST to the owner's e-mail being accepted by SMTP and to the live event, over 200 reports.
 * Each server runs in a process of its own (bench/finderServer.ts); this process only makes load.
 * Figures are printed, not asserted: this machine is shared and noisy, so compare the ratios.
 *
 * BENCH_AGAINST=<revision> (e.g. `BENCH_AGAINST=85b0206 npm run bench:finder`) also starts that
 * revision's server (its files from git, its own `npm ci`, kept in the temporary folder) and
 * prints this tree's throughput as a ratio to it, measured round by round: "before and after" in
 * one run on one machine.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { startSmtpSink } from '../apps/api/src/testing/smtpSink';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AGAINST = process.env.BENCH_AGAINST;
const CONNECTIONS = 100;
const REPORTS = 200;
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

interface Served {
  url: string;
  codes: string[];
  sessionToken: string;
  databaseUrl: string;
  child: ChildProcess;
}

/** Starts bench/finderServer.ts in `dir` (a checkout) and waits for its BENCH_READY line. */
async function serve(dir: string, env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, [tsx, 'bench/finderServer.ts'], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`bench server in ${dir} exited (${code})`))),
  );
  const lines = readline.createInterface({ input: child.stdout! });
  const ready = (async () => {
    for await (const line of lines) if (line.startsWith('BENCH_READY ')) return JSON.parse(line.slice(12));
    throw new Error(`bench server in ${dir} closed its output`);
  })();
  const info = await Promise.race([ready, exited]);
  exited.catch(() => undefined);
  return { ...info, child };
}

/** The revision's files (git archive) with its own dependencies, kept between runs by commit. */
function checkout(revision: string): string {
  const commit = execFileSync('git', ['rev-parse', `${revision}^{commit}`], { cwd: root })
    .toString()
    .trim();
  const dir = path.join(os.tmpdir(), `homing-bench-${commit.slice(0, 12)}`);
  if (!fs.existsSync(path.join(dir, 'node_modules', '.package-lock.json'))) {
    console.log(`Preparing ${revision} (${commit.slice(0, 12)}) in ${dir}…`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], { cwd: root });
    // Its install scripts are not needed to serve (and an old Electron's download fails offline).
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: 'inherit',
    });
  }
  fs.copyFileSync(path.join(here, 'finderServer.ts'), path.join(dir, 'bench', 'finderServer.ts'));
  return dir;
}

const sink = await startSmtpSink();
const server = await serve(root, { BENCH_SMTP_URL: sink.url });
const { codes, sessionToken: ownerToken } = server;
const bare = await serve(root, { BENCH_BARE_DB: server.databaseUrl });
const before = AGAINST ? await serve(checkout(AGAINST)) : null;
const code = codes[0]!;

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
/** Each request takes the target's next label, round-robin: finders scan different labels. */
function rotation(target: Served) {
  let turn = 0;
  return () => target.codes[turn++ % target.codes.length]!;
}
const scanBody = (code: string) =>
  JSON.stringify({
    qrCode: code,
    scannedAt: new Date().toISOString(),
    platform: 'bench',
    language: 'en-US',
    screenSize: '390x844',
    // A finder page's device id (issue 15): the recorder's repeat check probes every scan.
    deviceId: `bench-device-${Math.floor(Math.random() * 2000)}`,
  });
const getLoad = (target: Served): autocannon.Options => {
  const next = rotation(target);
  return {
    url: target.url,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/found/${next()}` }) }],
  };
};
const scanLoad = (target: Served): autocannon.Options => {
  const next = rotation(target);
  return {
    url: `${target.url}/api/analytics/scan`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: scanBody(next()) }) }],
  };
};
const nextBare = rotation(server);
const GET = 'GET /api/found/{code}';
const SCAN = 'POST /api/analytics/scan';
// The machine is shared and noisy: the loads take turns, round after round, and each call's ratio
// is the median of its per-round ratios to the baseline measured at the start of that round (and,
// with BENCH_AGAINST, to the earlier revision's same call measured just before it).
const loads: [string, autocannon.Options][] = [
  [
    'bare Koa + 1 indexed read (baseline)',
    { url: bare.url, requests: [{ setupRequest: (req) => ({ ...req, path: `/?code=${nextBare()}` }) }] },
  ],
  ...(before ? [[`${GET} @ ${AGAINST}`, getLoad(before)] satisfies [string, autocannon.Options]] : []),
  [GET, getLoad(server)],
  ...(before ? [[`${SCAN} @ ${AGAINST}`, scanLoad(before)] satisfies [string, autocannon.Options]] : []),
  [SCAN, scanLoad(server)],
];
// Each server's code is compiled and its pools opened before anything counts.
for (const [, opts] of loads) await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 });
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
    perRound: mine.map((r) => r.rps),
  };
});

console.log(
  `\nLoad: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per call, ${codes.length} labels round-robin, each server in its own process on PostgreSQL`,
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
for (const r of summary.filter((r) => r.name === GET || r.name === SCAN)) {
  const ratio = median(r.ratios);
  console.log(
    `${r.name}: ratio ${ratio.toFixed(2)} (target ≥ 0.7) ${ratio >= 0.7 ? 'MET' : 'NOT MET'}; p99 ${r.p99} ms (target < 50) ${r.p99 < 50 ? 'MET' : 'NOT MET'}; errors ${r.errors} (target 0) ${r.errors === 0 ? 'MET' : 'NOT MET'}`,
  );
}
if (before) {
  console.log(`\nThis tree against ${AGAINST} (throughput ratio per round; ≥ 1 is no worse):`);
  for (const name of [GET, SCAN]) {
    const now = summary.find((r) => r.name === name)!;
    const then = summary.find((r) => r.name === `${name} @ ${AGAINST}`)!;
    const ratios = now.perRound.map((rps, i) => rps / then.perRound[i]!);
    console.log(
      `${name}: ${Math.round(now.rps)} against ${Math.round(then.rps)} req/s, ratio ${median(ratios).toFixed(2)} (per round ${ratios.map((x) => x.toFixed(2)).join(' ')})`,
    );
  }
}

// Report → e-mail accepted and → live event, one report at a time.
const events = new Map<string, number>();
const stream = await fetch(`${server.url}/api/users/me/events`, {
  headers: { Authorization: `Bearer ${ownerToken}` },
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
for (const target of [server, bare, before]) target?.child.kill('SIGTERM');
await sink.close();
process.exit(0);
