import { spawn } from 'node:child_process';
import path from 'node:path';
import { nodeArgs } from './childProcess';
import { WAIT_MS } from './patience';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/**
 * The worker (cli/worker.ts, bundled as production runs it: `nodeArgs`) as a real child process on `databaseUrl`, mailing `smtpUrl`, on
 * real time (the database's `now()` decides what is due): what the durability tests kill. It polls
 * every 100 ms; one lane by default, so a kill leaves exactly one message in doubt. `leaseMs` is
 * how long a job it leases stays its own, also after it dies. `ready` settles once it polls (starting
 * takes seconds on a busy machine, longer than a test should wait for one message).
 */
export function spawnWorker(opts: {
  /** The test server's `db.url`: a second process can share only a PostgreSQL server. */
  databaseUrl: string | undefined;
  smtpUrl: string;
  leaseMs?: number;
  concurrency?: number;
}) {
  if (!opts.databaseUrl)
    throw new Error('a worker process needs the PostgreSQL server (HOMING_TEST_DB=postgres)');
  const child = spawn(process.execPath, nodeArgs('apps/api/src/cli/worker.ts'), {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      SMTP_URL: opts.smtpUrl,
      WORKER_POLL_MS: '100',
      WORKER_LEASE_MS: String(opts.leaseMs ?? 2_000),
      WORKER_CONCURRENCY: String(opts.concurrency ?? 1),
      // Only for the line that says it has started.
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    // Read to the end, so a full pipe never stalls the worker.
    child.stdout.on('data', (d: Buffer) => {
      if (out.length < 100_000) out += d.toString();
      if (out.includes('notification worker started')) resolve();
    });
    void exited.then(() => reject(new Error('the worker process exited before it started')));
  });
  ready.catch(() => undefined);
  return {
    ready,
    alive: () => child.exitCode === null && child.signalCode === null,
    /** SIGKILL, as the OOM killer or a power cut would: no shutdown, its leases stay taken. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    /** SIGTERM: the worker's own shutdown (finishes or hands back what it holds). */
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type WorkerProcess = ReturnType<typeof spawnWorker>;

/** Polls `ok` every 50 ms until it holds; throws after `ms`. */
export async function waitUntil(ok: () => Promise<boolean> | boolean, ms = WAIT_MS) {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
