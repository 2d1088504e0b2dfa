/**
 * npm run bench:scale — the finder's hot calls through nginx with one and with two API processes
 * (real children: `node apps/api/dist/main.js`, bundled by `npm run build`, WORKER=0, TRUST_PROXY=1)
 * and one notification worker process, on a fresh PostgreSQL database; then report → owner's live event
 * with the stream on one process and the report sent to the other; then a SIGKILL of one API
 * process while reports arrive, checking that every accepted report is stored and e-mailed.
 * CPU is split by process group from /proc (API, PostgreSQL backends of this database, nginx, the
 * load generator: this process). Figures are printed, not asserted: this machine is shared.
 */
import autocannon from 'autocannon';
import { migrateLatest } from '../apps/api/src/db/connection';
import { assignedItem } from '../apps/api/src/testing/codeFactory';
import { startSmtpSink } from '../apps/api/src/testing/smtpSink';
import { freshDatabase } from '../apps/api/src/testing/testServer';
import { cpuMeter, startChild, startNginx, type Child } from './scaleProcesses';
import { ownerReportArrivals } from './ownerEvents';

const DURATION = Number(process.env.BENCH_DURATION ?? 12);
const CONNECTIONS = 100;
const LABELS = 500;
const LATENCY_REPORTS = 100;
const KILL_SECONDS = 8;

const sink = await startSmtpSink();
const db = await freshDatabase('postgres');
await migrateLatest(db.knex);
const env = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL: db.url!,
  LOG_LEVEL: 'error',
  SEED_DEMO: '0',
  SERVE_WEB: '0',
  WORKER: '0',
  TRUST_PROXY: '1',
  SMTP_URL: sink.url,
  WORKER_POLL_MS: '200',
  SCAN_LIMIT_PER_MINUTE: '100000000',
  REPORT_LIMIT_PER_ITEM: '100000',
  REPORT_LIMIT_PER_ADDRESS: '100000',
  REPORT_HOLD_AFTER_PER_ITEM: '100000',
  CODE_LOOKUP_LIMIT_PER_MINUTE: '100000000',
};
const api: Child[] = [
  await startChild('api-a', 'apps/api/src/main.ts', env, 'http'),
  await startChild('api-b', 'apps/api/src/main.ts', env, 'http'),
];
const worker = await startChild('worker', 'apps/api/src/cli/worker.ts', env, 'log');

const register = await fetch(`${api[0]!.url}/api/auth/register`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: `scale-${Date.now()}@example.com`, password: 'benchmark1' }),
}).then((r) => r.json() as Promise<{ user: { id: string }; sessionToken: string }>);
const codes: string[] = [];
for (let i = 0; i < LABELS; i += 50)
  codes.push(
    ...(
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          assignedItem(db.knex, register.user.id, { name: `Scale ${i + j}` }),
        ),
      )
    ).map((label) => label.code),
  );
let turn = 0;
const nextCode = () => codes[turn++ % codes.length]!;

let nginxPid = 0;
const dbName = new URL(db.url!).pathname.slice(1);
const measure = cpuMeter(async () => {
  const { rows } = (await db.knex.raw(
    'SELECT pid FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()',
    [dbName],
  )) as { rows: { pid: number }[] };
  return {
    API: { pgids: api.map((c) => c.pid) },
    PostgreSQL: { pids: rows.map((r) => r.pid) },
    nginx: { pids: [nginxPid] },
    'load generator': { pids: [process.pid] },
    worker: { pgids: [worker.pid] },
  };
});

type Run = {
  call: string;
  processes: number;
  rps: number;
  p99: number;
  errors: number;
  cpu: Record<string, number>;
  seconds: number;
};
const runs: Run[] = [];
async function load(call: string, processes: number, opts: autocannon.Options) {
  const stop = await measure();
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const { cpu, seconds } = await stop();
  runs.push({
    call,
    processes,
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    cpu,
    seconds,
  });
}
const scanBody = () =>
  JSON.stringify({
    qrCode: nextCode(),
    scannedAt: new Date().toISOString(),
    platform: 'bench',
    language: 'en-US',
  });

for (const processes of [1, 2]) {
  const nginx = await startNginx(api.slice(0, processes).map((c) => c.url));
  nginxPid = nginx.pid;
  await load('GET /api/found/{code}', processes, {
    url: nginx.url,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/api/found/${nextCode()}` }) }],
  });
  await load('POST /api/analytics/scan', processes, {
    url: `${nginx.url}/api/analytics/scan`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: scanBody() }) }],
  });
  await nginx.close();
}

console.log(
  `\nLoad through nginx: ${CONNECTIONS} connections, ${DURATION} s per run, ${LABELS} labels round-robin; 1 worker process; ${(await import('node:os')).cpus().length} cores shared`,
);
console.table(
  runs.map((r) => {
    const one = runs.find((o) => o.call === r.call && o.processes === 1)!;
    const total = Object.values(r.cpu).reduce((a, b) => a + b, 0);
    return {
      call: r.call,
      'API procs': r.processes,
      'req/s': Math.round(r.rps),
      'p99 ms': r.p99,
      errors: r.errors,
      'req/s ratio 2:1': r.processes === 2 ? +(r.rps / one.rps).toFixed(2) : 1,
      ...Object.fromEntries(
        Object.entries(r.cpu).map(([k, v]) => [`${k} CPU %`, Math.round((100 * v) / r.seconds)]),
      ),
      'CPU % of 2 cores': Math.round((100 * total) / r.seconds / 2),
    };
  }),
);

const sendReport = async (url: string, i: number) => {
  const res = await fetch(`${url}/api/found/${nextCode()}/report`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ foundNotes: `scale report ${i}`, finderPhone: '+15551230000' }),
  });
  return res.status === 201 ? ((await res.json()) as { data: { reportId: string } }).data.reportId : null;
};
const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const latencies: Record<string, number[]> = {};
for (const [path, streamOn, reportTo] of [
  ['same process (stream A, report A)', api[0]!, api[0]!],
  ['across processes (stream A, report B)', api[0]!, api[1]!],
] as const) {
  const stream = await ownerReportArrivals(streamOn.url, register.sessionToken);
  await new Promise((r) => setTimeout(r, 200));
  const xs: number[] = [];
  for (let i = 0; i < LATENCY_REPORTS; i++) {
    const t0 = performance.now();
    const id = await sendReport(reportTo.url, i);
    const until = performance.now() + 5_000;
    while (id && !stream.arrived.has(id) && performance.now() < until)
      await new Promise((r) => setTimeout(r, 1));
    xs.push(id && stream.arrived.has(id) ? stream.arrived.get(id)! - t0 : Infinity);
  }
  latencies[path] = xs;
  await stream.close();
}
console.log(`\nReport POST → owner's live event, ${LATENCY_REPORTS} reports one at a time:`);
console.table(
  Object.entries(latencies).map(([path, xs]) => ({
    path,
    'p50 ms': +pct(xs, 50).toFixed(1),
    'p99 ms': +pct(xs, 99).toFixed(1),
    missed: xs.filter((x) => !Number.isFinite(x)).length,
  })),
);

// A crash under load: 20 finders send reports through nginx to both processes; B is SIGKILLed.
const nginx = await startNginx(api.map((c) => c.url));
const accepted: string[] = [];
let refused = 0;
let sent = 0;
const until = performance.now() + KILL_SECONDS * 1000;
const killAt = setTimeout(() => void api[1]!.kill(), (KILL_SECONDS * 1000) / 3);
await Promise.all(
  Array.from({ length: 20 }, async () => {
    while (performance.now() < until) {
      const id = await sendReport(nginx.url, sent++).catch(() => null);
      if (id) accepted.push(id);
      else refused++;
    }
  }),
);
clearTimeout(killAt);
const stored = new Set(
  (await db.knex('foundReports').whereIn('id', accepted).select('id')).map((r: { id: string }) => r.id),
);
const mailed = () => new Set(sink.received.map((m) => /report-([\w-]+)-email/.exec(m.messageId)?.[1]));
const mailUntil = Date.now() + 30_000;
while (accepted.some((id) => !mailed().has(id)) && Date.now() < mailUntil)
  await new Promise((r) => setTimeout(r, 200));
const notMailed = accepted.filter((id) => !mailed().has(id)).length;
console.log(
  `\nSIGKILL of one of two API processes ${(KILL_SECONDS / 3).toFixed(1)} s into ${KILL_SECONDS} s of reports (20 senders):`,
);
console.table([
  {
    'reports sent': sent,
    'accepted (201)': accepted.length,
    'failed at the kill (not accepted)': refused,
    'accepted but not stored': accepted.length - stored.size,
    'accepted but not e-mailed in 30 s': notMailed,
  },
]);
console.log(
  `Loss of accepted reports: ${accepted.length - stored.size + notMailed} (target 0) ${accepted.length === stored.size && notMailed === 0 ? 'MET' : 'NOT MET'}; ` +
    `errors under steady load: ${runs.reduce((a, r) => a + r.errors, 0)} (target 0) ${runs.every((r) => r.errors === 0) ? 'MET' : 'NOT MET'}`,
);

await nginx.close();
await Promise.all([...api.map((c) => c.stop()), worker.stop()]);
await db.close();
await sink.close();
process.exit(0);
