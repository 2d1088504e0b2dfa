import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { API_ENTRIES } from '../../../../scripts/build';
import { TEST_KEEP_ALIVE_MS } from './httpServer';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

let apiBuilt = false;
/**
 * How production runs `script` (from the repository's root): `node` and the bundle `npm run build`
 * makes of it (scripts/build.ts), bundled once per test process from the sources as they are now.
 * A script that is not bundled (a test's own) runs under tsx.
 */
export function nodeArgs(script: string): string[] {
  const name = Object.entries(API_ENTRIES).find(([, source]) => source === script)?.[0];
  if (!name) return ['--import', 'tsx', script];
  if (!apiBuilt) {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--api'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`npm run build:api failed:\n${build.stdout}${build.stderr}`);
    apiBuilt = true;
  }
  return [path.join('apps/api/dist', `${name}.js`)];
}

/**
 * What a test's API or worker process runs with unless the test says otherwise. Idle keep-alive
 * sockets are left to the client (testing/httpServer.ts): a stop closes them.
 */
export const TEST_PROCESS_ENV = {
  NODE_ENV: 'test',
  SEED_DEMO: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: String(TEST_KEEP_ALIVE_MS),
};

/** A port nothing listens on now (the kernel's pick, released at once). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Whether something accepts connections on this loopback port now. */
export const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * `script` (from the repository's root, with its arguments) as a real child process, built as
 * production runs it (`nodeArgs`),
 * with `env` over the test's own. `until` resolves once its output so far (stdout and stderr, as
 * they came) holds a text or passes a check, and rejects if the process ends first; `exited` gives
 * its exit code and signal once its output is all read; `stop()` sends SIGTERM and waits.
 */
export function startScript(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs(script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  const out = { all: '', stderr: '' };
  const waiting = new Set<() => void>();
  const collect = (stream: 'stdout' | 'stderr') => (d: Buffer) => {
    out.all += d.toString();
    if (stream === 'stderr') out.stderr += d.toString();
    for (const check of waiting) check();
  };
  child.stdout.on('data', collect('stdout'));
  child.stderr.on('data', collect('stderr'));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  const until = (expected: string | ((text: string) => boolean)) => {
    const ok = typeof expected === 'string' ? (text: string) => text.includes(expected) : expected;
    const seen = new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!ok(out.all)) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
      void exited.then(() => {
        if (waiting.delete(check))
          reject(new Error(`${script} exited before the expected output:\n${out.all}`));
      });
    });
    // A caller that stops waiting (the test failed elsewhere) leaves no unhandled rejection.
    seen.catch(() => undefined);
    return seen;
  };
  return {
    child,
    out,
    exited,
    until,
    output: () => out.all,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
