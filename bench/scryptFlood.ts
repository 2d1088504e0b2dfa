/**
 * npm run bench:scrypt-flood — an anonymous scrypt flood (PRODUCT.md, Privacy): 64 clients in parallel, each
 * sending made-up password-reset confirmations (`POST /api/auth/password-reset/confirm` with a
 * random link token and a new password) as fast as they are answered, while the label page is
 * loaded open-loop beside them. Prints the label page's p50/p95/p99 idle and under the flood, the
 * same for sign-in, and what the flood was answered. The goal: the label page's p95 under the
 * flood within 2× of idle.
 *
 * The label page is `/qr/{code}` when the web build exists (npm run build:web), else its data call
 * `GET /api/found/{code}`. The server keeps production's per-address limits (a flood from one
 * address is refused from memory once over them); BENCH_ACCOUNT_LIMIT=100000 raises them out of
 * reach, so every bogus confirmation reaches the token check (no hashing, one indexed read).
 *
 * Each flood client sends its next confirmation when its last is answered, at most one a second
 * (BENCH_FLOOD_INTERVAL_MS, default 1000; 0 sends back to back, a plain request flood whose cost
 * is the HTTP work, not hashing, and which nginx's limit_req answers in the recommended deployment).
 *
 * BENCH_DB=postgres|embedded (default both); BENCH_DURATION (seconds per phase, default 10);
 * BENCH_RATE (label page requests a second, default 20); BENCH_FLOOD (parallel clients, default 64);
 * BENCH_SERVER_DIR runs the server of another checkout (e.g. the main line, for "before").
 * The server runs in a process of its own (bench/finderServer.ts); the machine may be shared.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { openLoop, type OpenLoopResult, type Shot } from './openLoop';

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const RATE = Number(process.env.BENCH_RATE ?? 20);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 64);
const INTERVAL_MS = Number(process.env.BENCH_FLOOD_INTERVAL_MS ?? 1000);
const SERVER_DIR = path.resolve(
  process.env.BENCH_SERVER_DIR ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'),
);
const ACCOUNT_LIMIT = process.env.BENCH_ACCOUNT_LIMIT;
const DATABASES = (process.env.BENCH_DB ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[];
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const web = fs.existsSync(path.join(SERVER_DIR, 'apps/web/dist/found.html'));

interface Served {
  url: string;
  codes: string[];
  child: ChildProcess;
}

async function serve(db: string): Promise<Served> {
  const child = spawn(process.execPath, [tsx, 'bench/finderServer.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      BENCH_DB: db,
      BENCH_LABELS: '20',
      BENCH_ONE_ADDRESS: '1',
      ...(ACCOUNT_LIMIT ? { BENCH_ACCOUNT_LIMIT: ACCOUNT_LIMIT } : {}),
      ...(web ? { BENCH_SERVE_WEB: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  for await (const line of lines)
    if (line.startsWith('BENCH_READY ')) return { ...JSON.parse(line.slice(12)), child };
  throw new Error('bench server closed its output');
}

async function stop(served: Served) {
  if (served.child.exitCode !== null) return;
  const gone = new Promise((r) => served.child.once('exit', r));
  served.child.kill('SIGTERM');
  await gone;
}

/**
 * FLOOD clients in a process of their own (so their work never delays this process's
 * measurements), each with one bogus confirmation in flight: sent, answered, then the next one at
 * most INTERVAL_MS after the last was sent (at once when the answer took longer). Their starts are
 * spread over one interval, as independent clients' would be. Runs for `ms`, then prints its tally.
 */
const FLOOD_CLIENT = `
const [url, flood, interval, ms] = process.argv.slice(1);
const until = Date.now() + Number(ms);
const statuses = {};
let sent = 0;
const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
const client = async (k) => {
  await new Promise((r) => setTimeout(r, (k * Number(interval)) / Number(flood)));
  while (Date.now() < until) {
    sent++;
    const next = Date.now() + Number(interval);
    const status = await fetch(url + '/api/auth/password-reset/confirm', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: random(), password: 'bogus ' + random().slice(0, 8) }),
    }).then(async (res) => (await res.arrayBuffer(), String(res.status)), (err) => err.name);
    statuses[status] = (statuses[status] ?? 0) + 1;
    const wait = Math.min(next, until) - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
};
await Promise.all(Array.from({ length: Number(flood) }, (_, k) => client(k)));
console.log(JSON.stringify({ sent, statuses }));
`;

async function flood(url: string, ms: number) {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', FLOOD_CLIENT, url, String(FLOOD), String(INTERVAL_MS), String(ms)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((r) => child.once('exit', r));
  const { sent, statuses } = JSON.parse(out) as { sent: number; statuses: Record<string, number> };
  return {
    sent,
    statuses: Object.entries(statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' '),
  };
}

const row = (what: string, r: OpenLoopResult) =>
  `${what.padEnd(30)} p50 ${String(r.p50).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  errors ${r.errors}${r.errorKinds ? ` (${r.errorKinds})` : ''}`;

let failed = false;
for (const db of DATABASES) {
  const served = await serve(db);
  try {
    const email = `flood-${Date.now()}@example.com`;
    await fetch(`${served.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'benchmark1' }),
    });
    let i = 0;
    const labelShot = (): Shot => {
      const code = served.codes[i++ % served.codes.length]!;
      return { method: 'GET', path: web ? `/qr/${code}` : `/api/found/${code}` };
    };
    const signIn = (): Shot => ({
      method: 'POST',
      path: '/api/auth/login',
      body: JSON.stringify({ identifier: email, password: 'benchmark1' }),
    });
    const page = web ? '/qr/{code}' : 'GET /api/found/{code}';
    const measure = () =>
      Promise.all([
        openLoop({ url: served.url, rate: RATE, durationMs: DURATION_MS, next: labelShot }),
        openLoop({ url: served.url, rate: 2, durationMs: DURATION_MS, next: signIn }),
      ]);
    // Warm-up: the first requests pay for JIT and the pool's connections.
    await openLoop({ url: served.url, rate: RATE, durationMs: 2000, next: labelShot });
    const [idlePage, idleSignIn] = await measure();
    // The flood starts a second before the measurements and ends with them.
    const flooding = flood(served.url, DURATION_MS + 1000);
    await new Promise((r) => setTimeout(r, 1000));
    const [floodPage, floodSignIn] = await measure();
    const floodAnswers = await flooding;
    const ratio = floodPage.p95 / idlePage.p95;
    const ok = ratio <= 2 && floodPage.errors === 0;
    failed ||= !ok;
    console.log(
      `\n${db}: ${FLOOD} parallel bogus reset confirmations (each client at most one per ${INTERVAL_MS} ms), account limits ${ACCOUNT_LIMIT ?? 'as in production'}, server ${SERVER_DIR}`,
    );
    console.log(row(`label page ${page} idle`, idlePage));
    console.log(row(`label page under flood`, floodPage));
    console.log(row(`sign-in idle`, idleSignIn));
    console.log(row(`sign-in under flood`, floodSignIn));
    console.log(`flood: ${floodAnswers.sent} confirmations answered ${floodAnswers.statuses}`);
    console.log(
      `label page p95 under flood / idle: ${ratio.toFixed(2)}× (goal ≤ 2×) ${ok ? 'MET' : 'MISSED'}`,
    );
  } finally {
    await stop(served);
  }
}
process.exit(failed ? 1 : 0);
