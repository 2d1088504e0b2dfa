import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/connection';
import { freshDatabase, migratedDataDir, testDbKind, uniqueEmail } from './testing/testServer';
import { freePort, startScript, TEST_PROCESS_ENV } from './testing/childProcess';
import { WAIT_MS } from './testing/patience';

// The server's own deadline for a graceful stop. Far enough that a busy machine finishing the slow
// request late is not cut (the process exits as soon as all is done, so this costs nothing).
const SHUTDOWN_MS = 120_000;

/** main.ts as a real child process; `ready` resolves once it listens. */
function startMain(env: Record<string, string>) {
  const main = startScript('apps/api/src/main.ts', { ...TEST_PROCESS_ENV, ...env });
  return { ...main, ready: main.until('Homing is running') };
}

async function register(base: string) {
  const email = uniqueEmail('shutdown');
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse' }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { sessionToken: string };
  return { email, token: body.sessionToken };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

let db: Database | null = null;
let dbEnv: Record<string, string>;
beforeAll(async () => {
  if (testDbKind() === 'postgres') {
    db = await freshDatabase('postgres');
    dbEnv = { DATABASE_URL: db.url! };
  } else {
    dbEnv = { DATA_DIR: await migratedDataDir('homing-shutdown-'), DATABASE_URL: '' };
  }
});
afterAll(() => db?.close());

describe('SIGTERM', () => {
  it('stops accepting, lets a slow request finish, ends event streams with a retry hint, exits 0 in time', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const main = startMain({ ...dbEnv, PORT: String(port), SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_MS) });
    try {
      await main.ready;
      const { email, token } = await register(base);

      // A live dashboard's event stream.
      const events = await fetch(`${base}/api/users/me/events`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(events.status).toBe(200);
      const reader = events.body!.getReader();
      const decoder = new TextDecoder();
      let streamed = decoder.decode((await reader.read()).value);
      expect(streamed).toContain(': connected');

      // A sign-in whose body is still arriving when the signal comes.
      const body = JSON.stringify({ identifier: email, password: 'correct horse' });
      const slow = net.connect({ host: '127.0.0.1', port });
      let answer = '';
      slow.on('data', (d) => (answer += d.toString()));
      const answered = new Promise<void>((resolve) => slow.once('close', () => resolve()));
      await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
      slow.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((r) => setTimeout(r, 300));

      main.child.kill('SIGTERM');

      // The stream ends with a reconnect hint.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        streamed += decoder.decode(value);
      }
      expect(streamed).toMatch(/\nretry: \d+\n\n$/);

      // No new connections are taken while the slow request is still in flight.
      await expect.poll(() => refused(port), { timeout: WAIT_MS }).toBe(true);
      expect(main.child.exitCode).toBeNull();

      // The in-flight request completes normally, and its connection closes after it.
      await new Promise((r) => setTimeout(r, 500));
      slow.write(body.slice(10));
      await answered;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toContain('"sessionToken"');

      // Exit code 0 is the server's own word that everything finished before its deadline
      // (SHUTDOWN_MS on its clock; it exits 1 when it had to cut). The test's clock is not asked:
      // its own waits above run late on a busy machine.
      const { code, signal } = await main.exited;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      main.child.kill('SIGKILL');
    }
  });
});

// The lock guards the embedded data folder only (PostgreSQL admits many processes).
describe.skipIf(testDbKind() !== 'embedded')('crash restart on the embedded data folder', () => {
  it('takes over the lock of a killed process at once and keeps its data', async () => {
    const dataDir = await migratedDataDir('homing-crash-');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port) };
    const first = startMain(env);
    await first.ready;
    const { email } = await register(`http://127.0.0.1:${port}`);
    first.child.kill('SIGKILL');
    await first.exited;
    // The dead process's lock is still there, and kept fresh however slow the machine is (its
    // time an hour ahead): proper-lockfile alone would refuse it until it goes stale (15 s
    // without an update), so only the take-over from a dead holder can let the restart in.
    const lock = path.join(dataDir, 'homing.lock');
    expect(fs.existsSync(lock)).toBe(true);
    const fresh = new Date(Date.now() + 3_600_000);
    fs.utimesSync(lock, fresh, fresh);

    const restartedAt = Date.now();
    const second = startMain(env);
    try {
      await second.ready;
      const restartMs = Date.now() - restartedAt;
      // How long node and PGlite take to start; no waiting for the lock to go stale is in it.
      console.log(`restart after kill -9: ${restartMs} ms`);
      expect(second.output()).not.toContain('already in use');
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier: email, password: 'correct horse' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
