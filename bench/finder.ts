/**
 * npm run bench:finder — the finder's two public calls (GET /api/found/{code} and POST
 * /api/analytics/scan, mixed 4:1) under an open-loop load (bench/openLoop.ts): a fixed request
 * rate for a fixed time, p50/p99 measured from each request's scheduled time, errors counted. A
 * bare Koa server answering a small JSON runs beside it at the same rates, for scale. Beside each
 * run: the server's CPU and PostgreSQL's (all its processes) per 1,000 requests, and how many of
 * the machine's cores were busy (load generator included: it shares them). Then the time
 * from a report POST to the owner's e-mail being accepted by SMTP and to the live event.
 *
 * It runs on PostgreSQL at 250, 500, 1,000 and 2,000 requests a second and on PGlite (the embedded
 * default, in a data folder) at a tenth of those. The target (PRODUCT.md, Targets): p99 under 50 ms at 1,000
 * a second on PostgreSQL (100 on PGlite), no errors, each in its production setup: on PostgreSQL
 * the deploy recipe's two API processes on one database (the load takes turns between them, as
 * nginx's upstream does; one process is measured beside it), on PGlite the one process. Each server runs in a process of its own
 * (bench/finderServer.ts); this process only makes load. The machine may be shared and noisy.
 *
 * BENCH_DB=postgres|embedded runs one database only; BENCH_RATES=250,500 sets PostgreSQL's rates
 * (PGlite's are a tenth); BENCH_DURATION (seconds per rate, default 12); BENCH_WARMUP (default 3).
 * BENCH_NODE_ARGS adds node flags to the servers (tsx passes them on) (a CPU profile: `--cpu-prof --cpu-prof-dir=DIR`).
 * BENCH_AGAINST=<revision> also starts that revision's server (its files from git, its own
 * `npm ci`, kept in the temporary folder) and loads it in turn at each rate: "before and after"
 * in one run on one machine.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { startSmtpSink, type SmtpSink } from '../apps/api/src/testing/smtpSink';
import { openLoop, type OpenLoopResult, type Shot } from './openLoop';
import { ownerReportArrivals } from './ownerEvents';

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 12) * 1000;
const WARMUP_MS = Number(process.env.BENCH_WARMUP ?? 3) * 1000;
const AGAINST = process.env.BENCH_AGAINST;
const DATABASES = (process.env.BENCH_DB ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[];
const RATES = (process.env.BENCH_RATES ?? '250,500,1000,2000').split(',').map(Number);
const TARGET = { rate: 1000, p99: 50 };
const PAIR = 'finder (this tree), 2 API processes';
const REPORTS = 200;
/** Phones the load comes from (each a client address). */
const FINDERS = Number(process.env.BENCH_FINDERS ?? 5000);
/** Extra node flags for the servers, e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');

interface Served {
  url: string;
  codes: string[];
  sessionToken: string;
  child: ChildProcess;
  /** PostgreSQL: the server's database, which a second process can join. */
  databaseUrl?: string;
  /** A second API process on the same database (the deploy recipe runs two behind nginx). */
  twin?: Served;
}

/** Starts bench/finderServer.ts in `dir` (a checkout) and waits for its BENCH_READY line. */
async function serve(dir: string, env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, [tsx, ...NODE_ARGS, 'bench/finderServer.ts'], {
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

/**
 * CPU time the server's process has used (user and system), from /proc: per request, a figure the
 * machine's other work disturbs far less than latency does (its database's processes not counted).
 */
function cpuMs(served: Served): number {
  return processCpuMs(served) + (served.twin ? processCpuMs(served.twin) : 0);
}

function processCpuMs({ child }: Served): number {
  // tsx's CLI runs the server in a child process of its own: count the whole tree.
  const tree = (pid: number): number => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ');
    // utime + stime, in clock ticks of 1/100 s
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    return own + children.filter(Boolean).reduce((sum, c) => sum + tree(Number(c)), 0);
  };
  return tree(child.pid!);
}

/**
 * CPU time all PostgreSQL processes have used (ms): the database's share of a load, which runs on
 * the same two cores. Other databases' backends count too: run nothing else against it meanwhile.
 */
function postgresCpuMs(): number {
  let ms = 0;
  for (const pid of fs.readdirSync('/proc'))
    if (/^\d+$/.test(pid))
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.slice(stat.indexOf('(') + 1).startsWith('postgres')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        // gone meanwhile
      }
  return ms;
}

/** The whole machine's busy and total CPU time so far (ms), from /proc/stat. */
function machineCpuMs(): { busy: number; all: number } {
  const ticks = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy * 10, all: (busy + idle + iowait) * 10 };
}

/** Stops a server and waits for it to close its database. */
async function stop(target: Served | null) {
  if (!target || target.child.exitCode !== null) return;
  const gone = new Promise((r) => target.child.once('exit', r));
  target.child.kill('SIGTERM');
  await gone;
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

/**
 * Look-ups and scans 4:1, each request on the target's next label (finders scan different labels),
 * from FINDERS phones: through the deployment's proxy (TRUST_PROXY, as deploy/ sets it up), each
 * request names its finder's address. From one address, every look-up would count on one row of
 * the limits table (a flood the look-up limit refuses from memory past 120 a minute, not a load).
 */
function finderShots(target: Served): () => Shot {
  let turn = 0;
  // With a twin, requests take turns between the two processes, as nginx's upstream balances them.
  const bases = target.twin ? [target.url, target.twin.url] : [target.url];
  return () => {
    const base = bases[turn % bases.length]!;
    const code = target.codes[turn % target.codes.length]!;
    const finder = Math.floor(Math.random() * FINDERS);
    const headers = { 'X-Forwarded-For': `10.${finder >> 16}.${(finder >> 8) & 255}.${finder & 255}` };
    if (++turn % 5) return { base, method: 'GET', path: `/api/found/${code}`, headers };
    const body = JSON.stringify({
      qrCode: code,
      scannedAt: new Date().toISOString(),
      platform: 'bench',
      language: 'en-US',
      screenSize: '390x844',
      // A finder page's device id (PRODUCT.md, Conversations): the recorder's repeat check probes every scan.
      deviceId: `bench-device-${Math.floor(Math.random() * 2000)}`,
    });
    return { base, method: 'POST', path: '/api/analytics/scan', body, headers };
  };
}
const bareShots = (): Shot => ({ method: 'GET', path: `/bench-${Math.floor(Math.random() * 500)}` });

/** Reports one at a time: POST → SMTP accepted the owner's e-mail, and → the dashboard's live event. */
async function reportToNotified(server: Served, sink: SmtpSink) {
  const { arrived: events, close } = await ownerReportArrivals(server.url, server.sessionToken);
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
    const res = await fetch(`${server.url}/api/found/${server.codes[0]}/report`, {
      method: 'POST',
      // Each from a finder of its own (the look-up limit counts per address).
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.200.${i >> 8}.${i & 255}` },
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
  await close();
  const p95 = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(0.95 * xs.length)]!;
  const p50 = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(0.5 * xs.length)]!;
  console.log(`Report → owner notified, ${REPORTS} reports one at a time (target p95 < 1000 ms):`);
  console.table([
    {
      path: 'POST report → SMTP accepted e-mail',
      'p50 ms': +p50(toMail).toFixed(1),
      'p95 ms': +p95(toMail).toFixed(1),
    },
    {
      path: 'POST report → SSE event on dashboard',
      'p50 ms': +p50(toEvent).toFixed(1),
      'p95 ms': +p95(toEvent).toFixed(1),
    },
  ]);
}

const sink = await startSmtpSink();
const bare = await serve(root, { BENCH_BARE: '1' });
for (const kind of DATABASES) {
  const scale = kind === 'postgres' ? 1 : 0.1;
  const rates = RATES.map((rate) => rate * scale);
  const server = await serve(root, { BENCH_DB: kind, BENCH_SMTP_URL: sink.url });
  const before = AGAINST ? await serve(checkout(AGAINST), { BENCH_DB: kind }) : null;
  // PostgreSQL's production setup is the deploy recipe's: two API processes on one database (and
  // the worker in one of them here). PGlite's is one process (its data folder is locked to one).
  const pair =
    kind === 'postgres' && server.databaseUrl
      ? { ...server, twin: await serve(root, { BENCH_DB: kind, BENCH_JOIN: server.databaseUrl }) }
      : null;
  const targets: [string, Served, () => Shot][] = [
    ['bare Koa, small JSON', bare, bareShots],
    ...(before ? [[`finder @ ${AGAINST}`, before, finderShots(before)] as [string, Served, () => Shot]] : []),
    ['finder (this tree)', server, finderShots(server)],
    ...(pair ? [[PAIR, pair, finderShots(pair)] as [string, Served, () => Shot]] : []),
  ];
  // Each server's code is compiled and its pools opened before anything counts.
  for (const [, { url }, next] of targets)
    await openLoop({ url, rate: rates[0]!, durationMs: WARMUP_MS, next });
  // The loads take turns at each rate, so a noisy moment on the machine touches them alike.
  const results: (OpenLoopResult & { name: string; cpu: number; dbCpu: number | null; busyCores: number })[] =
    [];
  for (const rate of rates)
    for (const [name, target, next] of targets) {
      const [cpu, dbCpu, machine] = [cpuMs(target), postgresCpuMs(), machineCpuMs()];
      const result = await openLoop({ url: target.url, rate, durationMs: DURATION_MS, next });
      const perThousand = (ms: number) => Math.round((ms / (result.rate * (DURATION_MS / 1000))) * 1000);
      const after = machineCpuMs();
      results.push({
        name,
        ...result,
        cpu: perThousand(cpuMs(target) - cpu),
        dbCpu: kind === 'postgres' && target !== bare ? perThousand(postgresCpuMs() - dbCpu) : null,
        busyCores: +(((after.busy - machine.busy) / (after.all - machine.all)) * os.cpus().length).toFixed(2),
      });
    }
  console.log(
    `\n${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (data folder)'}: open loop, ${DURATION_MS / 1000} s per rate, look-ups and scans 4:1 over ${server.codes.length} labels, latency from each request's scheduled time`,
  );
  console.table(
    results.map((r) => ({
      server: r.name,
      'rate /s': r.rate,
      'achieved /s': Math.round(r.achieved),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'error kinds': r.errorKinds,
      'server CPU ms /1000 req': r.cpu,
      'PostgreSQL CPU ms /1000 req': r.dbCpu ?? '',
      'machine busy cores': r.busyCores,
    })),
  );
  const target = results.find(
    (r) => r.name === (pair ? PAIR : 'finder (this tree)') && r.rate === TARGET.rate * scale,
  );
  if (target)
    console.log(
      `Target at ${target.rate}/s (${target.name}): p99 ${target.p99} ms (< ${TARGET.p99}), errors ${target.errors} (0): ${target.p99 < TARGET.p99 && target.errors === 0 ? 'MET' : 'NOT MET'}\n`,
    );
  await reportToNotified(server, sink);
  await stop(pair?.twin ?? null);
  await Promise.all([stop(server), stop(before)]);
}
await stop(bare);
await sink.close();
process.exit(0);
