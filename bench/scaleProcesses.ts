/**
 * Helpers of bench/scale.ts: real API and worker child processes, an nginx in front of them, and
 * CPU time per process group read from /proc (clock ticks of utime + stime).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, nodeArgs } from '../apps/api/src/testing/childProcess';
import { mainConf, runNginx } from '../apps/api/src/testing/reverseProxy';

const ROOT = new URL('..', import.meta.url).pathname;
const TICKS_PER_SECOND = 100;

async function waitFor(check: () => Promise<boolean>, what: string, child?: ChildProcess) {
  const until = Date.now() + 60_000;
  while (!(await check().catch(() => false))) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`${what} did not start within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Child {
  name: string;
  pid: number;
  url: string;
  metricsUrl: string;
  /** SIGKILL to the whole group: a crash, nothing finishes. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the graceful stop. */
  stop(): Promise<void>;
}

/** `script` as production runs it (`nodeArgs`: its bundle) in its own process group (so its CPU can be summed by group). */
export async function startChild(
  name: string,
  script: string,
  env: Record<string, string>,
  ready: 'http' | 'log',
): Promise<Child> {
  const port = await freePort();
  const metricsPort = await freePort();
  const child = spawn(process.execPath, nodeArgs(script), {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, ...env, PORT: String(port), METRICS_PORT: String(metricsPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const metricsUrl = `http://127.0.0.1:${metricsPort}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await waitFor(
      async () =>
        ready === 'http' ? (await fetch(`${url}/readyz`)).ok : (await fetch(`${metricsUrl}/metrics`)).ok,
      name,
      child,
    );
  } catch (err) {
    console.error(output);
    throw err;
  }
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, sig);
    await exited;
  };
  return {
    name,
    pid: child.pid!,
    url,
    metricsUrl,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/** nginx (single process) balancing over `upstreams` with keep-alive connections to them. */
export async function startNginx(upstreams: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-scale-nginx-'));
  const port = await freePort();
  const body = `
  upstream api {
${upstreams.map((u) => `    server ${u.replace(/^http:\/\//, '')};`).join('\n')}
    keepalive 128;
  }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }`;
  const nginx = await runNginx(dir, mainConf(dir, body, 4096), port);
  return { url: `http://127.0.0.1:${port}`, pid: nginx.pid, close: nginx.close };
}

/** CPU ticks (user + system) of each process whose process group is `pgid`, or of the listed pids. */
function ticks(select: (pid: number, pgid: number) => boolean): number {
  let sum = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (select(Number(entry), Number(f[2]))) sum += Number(f[11]) + Number(f[12]);
  }
  return sum;
}

export type Groups = () => Promise<Record<string, { pgids?: number[]; pids?: number[] }>>;

/** CPU seconds per group spent between `start()` and the call of the function it returns. */
export function cpuMeter(groups: Groups) {
  const read = async () =>
    Object.fromEntries(
      Object.entries(await groups()).map(([name, { pgids = [], pids = [] }]) => [
        name,
        ticks((pid, pgid) => pgids.includes(pgid) || pids.includes(pid)),
      ]),
    );
  return async () => {
    const before = await read();
    const t0 = performance.now();
    return async () => {
      const after = await read();
      return {
        seconds: (performance.now() - t0) / 1000,
        // A process that ended meanwhile takes its ticks along: never below zero.
        cpu: Object.fromEntries(
          Object.keys(after).map((k) => [k, Math.max(0, after[k]! - (before[k] ?? 0)) / TICKS_PER_SECOND]),
        ),
      };
    };
  };
}
