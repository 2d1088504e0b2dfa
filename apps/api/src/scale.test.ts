import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest, type Database } from './db/connection';
import { assignedItem, makeSet, quickUsers } from './testing/codeFactory';
import { startDeployNginx } from './testing/reverseProxy';
import { startSmtpSink } from './testing/smtpSink';
import {
  freshDatabase,
  testDbKind,
  TEST_DATABASE_URL,
  uniqueEmail,
  type TestServer,
} from './testing/testServer';

// Production's shape on one machine: PostgreSQL, two API processes (WORKER=0), one `npm run worker`
// and nginx running deploy/nginx.conf.template, all real processes.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'correct horse';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

type Proc = ReturnType<typeof startProcess>;
function startProcess(script: string, env: Record<string, string>, readyText: string | null) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', SEED_DEMO: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    if (readyText === null) resolve();
    const onData = (d: Buffer) => {
      out += d.toString();
      if (readyText && out.includes(readyText)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`${script} exited: ${out}`)));
  });
  ready.catch(() => undefined);
  return {
    child,
    ready,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}
/** JSON over plain HTTP straight to one process. */
async function direct(port: number, method: string, url: string, opts: Req = {}): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: headersOf(opts),
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
type Req = { body?: unknown; token?: string; headers?: Record<string, string> };
const headersOf = (opts: Req) => ({
  ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
  ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
  ...opts.headers,
});

/** Opens a request through nginx's TLS port (its certificate is the test's self-signed one). */
function tlsRequest(method: string, url: string, opts: Req = {}) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = https.request(nginxUrl + url, {
      method,
      headers: headersOf(opts),
      rejectUnauthorized: false,
      agent: false,
    });
    req.on('response', resolve).on('error', reject);
    req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
  });
}
async function viaNginx(method: string, url: string, opts: Req = {}): Promise<Answer> {
  const res = await tlsRequest(method, url, opts);
  let text = '';
  for await (const chunk of res) text += String(chunk);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text };
  }
  return { status: res.statusCode!, body };
}

/** An owner's live stream: `text()` is what arrived so far. */
function eventsText(stream: AsyncIterable<unknown>) {
  let text = '';
  void (async () => {
    try {
      for await (const chunk of stream)
        text += chunk instanceof Uint8Array ? Buffer.from(chunk).toString() : String(chunk);
    } catch {
      // closed by the test
    }
  })();
  return () => text;
}

const report = (note: string) => ({
  finderName: '',
  finderEmail: '',
  finderPhone: '+15551230000',
  foundNotes: note,
  latitude: '40.71284',
  longitude: '-74.006',
  foundAt: new Date().toISOString(),
  reportMetadata: {
    deviceType: 'mobile',
    platform: 'iPhone',
    language: 'en-US',
    timezone: 'America/New_York',
    screenSize: '390x844',
    connectionType: '4g',
  },
});

const skip = testDbKind() !== 'postgres';
let db: Database;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let nginx: Awaited<ReturnType<typeof startDeployNginx>>;
let nginxUrl: string;
let apiA: Proc, apiB: Proc, worker: Proc;
let portA: number, portB: number;
let common: Record<string, string>;
const others: Proc[] = [];

async function register(port: number) {
  const email = uniqueEmail('scale');
  const res = await direct(port, 'POST', '/api/auth/register', { body: { email, password: PASSWORD } });
  expect(res.status).toBe(201);
  return { email, token: res.body.sessionToken as string, id: (res.body.user as { id: string }).id };
}

beforeAll(async () => {
  if (skip) return;
  db = await freshDatabase('postgres');
  // Migrated once here, so the processes below start on a ready schema rather than race to migrate.
  await migrateLatest(db.knex);
  sink = await startSmtpSink();
  [portA, portB] = [await freePort(), await freePort()];
  common = {
    DATABASE_URL: db.url!,
    WORKER: '0',
    TRUST_PROXY: '1',
    SMTP_URL: sink.url,
    // The report stream below comes from one address (nginx's view of the test).
    REPORT_LIMIT_PER_ADDRESS: '100000',
    REPORT_LIMIT_PER_ITEM: '100000',
    REPORT_HOLD_AFTER_PER_ITEM: '100000',
    CODE_LOOKUP_LIMIT_PER_MINUTE: '100000',
  };
  apiA = startProcess('apps/api/src/main.ts', { ...common, PORT: String(portA) }, 'Homing is running');
  apiB = startProcess('apps/api/src/main.ts', { ...common, PORT: String(portB) }, 'Homing is running');
  worker = startProcess('apps/api/src/cli/worker.ts', { ...common, WORKER_POLL_MS: '200' }, null);
  await Promise.all([apiA.ready, apiB.ready]);
  nginx = await startDeployNginx(path.join(repoRoot, 'deploy/nginx.conf.template'), [portA, portB]);
  nginxUrl = nginx.httpsUrl;
}, 90_000);

afterAll(async () => {
  if (skip) return;
  await nginx?.close();
  await Promise.all([apiA, apiB, worker, ...others].map((p) => p?.stop()));
  await sink?.close();
  await db?.close();
});

describe.skipIf(skip)(
  'many processes behind nginx (PostgreSQL only: the embedded database admits one process)',
  () => {
    it('redirects plain HTTP to HTTPS and serves the API through TLS', async () => {
      const res = await fetch(`${nginx.httpUrl}/healthz`, { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toMatch(/^https:\/\/127\.0\.0\.1\/healthz$/);
      expect((await viaNginx('GET', '/readyz')).status).toBe(200);
    });

    it('a sign-in on one process works on the other', async () => {
      const owner = await register(portA);
      const me = await direct(portB, 'GET', '/api/auth/me', { token: owner.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ success: true, user: { id: owner.id, email: owner.email } });
      const login = await direct(portB, 'POST', '/api/auth/login', {
        body: { identifier: owner.email, password: PASSWORD },
      });
      expect(login.status).toBe(200);
      const meOnA = await direct(portA, 'GET', '/api/auth/me', { token: login.body.sessionToken as string });
      expect(meOnA.body).toMatchObject({ user: { id: owner.id } });
    });

    it("a report sent to one process reaches the owner's live stream on the other, and one e-mail", async () => {
      const owner = await register(portA);
      const { code } = await assignedItem(db.knex, owner.id, { name: 'Green umbrella' });
      const res = await fetch(`http://127.0.0.1:${portA}/api/users/me/events`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      expect(res.status).toBe(200);
      const onA = eventsText(res.body! as unknown as AsyncIterable<unknown>);
      // The same owner's dashboard through nginx: events must pass its proxy unbuffered.
      const proxied = await tlsRequest('GET', '/api/users/me/events', { token: owner.token });
      expect(proxied.statusCode).toBe(200);
      const viaProxy = eventsText(proxied);
      await expect.poll(() => onA() + viaProxy(), { timeout: 5_000 }).toMatch(/connected[\s\S]*connected/);

      const sent = await direct(portB, 'POST', `/api/found/${code}/report`, { body: report('On the tram') });
      expect(sent.status).toBe(201);
      await expect.poll(onA, { timeout: 5_000 }).toContain('event: found_report');
      expect(onA()).toContain('On the tram');
      await expect.poll(viaProxy, { timeout: 5_000 }).toContain('On the tram');
      proxied.destroy();

      await sink.waitFor(1, 15_000);
      await expect
        .poll(() => sink.received.filter((m) => m.to.includes(owner.email)).length, { timeout: 15_000 })
        .toBe(1);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(sink.received.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
    });

    it('login limits hold across both processes, and a spoofed X-Forwarded-For through nginx does not help', async () => {
      const owner = await register(portA);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await direct(i % 2 ? portB : portA, 'POST', '/api/auth/login', {
          body: { identifier: owner.email, password: `wrong ${i}` },
          headers: { 'X-Forwarded-For': '203.0.113.77' },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

      const victim = await register(portB);
      const proxied: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await viaNginx('POST', '/api/auth/login', {
          body: { identifier: victim.email, password: `wrong ${i}` },
          headers: { 'X-Forwarded-For': `198.51.100.${i}` },
        });
        proxied.push(res.status);
      }
      // nginx appends the address it saw; the API counts that one, whatever the client claimed.
      expect(proxied).toEqual([401, 401, 401, 401, 401, 429, 429]);
    });

    it('50 concurrent claims of one code spread over both processes give exactly one winner', async () => {
      const set = await makeSet(db.knex, { count: 1 });
      const users = await quickUsers({ db } as TestServer, 50);
      const results = await Promise.all(
        users.map((u, i) =>
          direct(i % 2 ? portB : portA, 'POST', '/api/qr-codes/claim', {
            token: u.token,
            body: { qrCode: set.codes[0]!.value, setId: set.setId, claimAll: false },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(49);
      const winner = users[results.findIndex((r) => r.status === 200)]!;
      const row = await db.knex('qr_codes').where({ id: set.codes[0]!.id }).first();
      expect(row.ownerId).toBe(winner.user.id);
    });

    it('killing one API process loses no accepted report and nginx routes around it', async () => {
      const owner = await register(portB);
      const { code, itemId } = await assignedItem(db.knex, owner.id, { name: 'Blue backpack' });
      const accepted: string[] = [];
      const afterKill: number[] = [];
      let killedAt = 0;
      let n = 0;
      // Four senders at once, as many finders would; A is killed once 20 reports are in, and the
      // senders go on until 24 requests have started well after the kill (however fast or slow the
      // machine), so routing around the dead process is seen, not assumed.
      const sender = async () => {
        while ((!killedAt || afterKill.length < 24) && n < 400) {
          const startedAt = Date.now();
          const res = await viaNginx('POST', `/api/found/${code}/report`, { body: report(`report ${++n}`) });
          if (res.status === 201) accepted.push((res.body.data as { reportId: string }).reportId);
          if (killedAt && startedAt > killedAt + 500) afterKill.push(res.status);
          if (!killedAt && accepted.length >= 20) {
            killedAt = Date.now();
            apiA.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all([sender(), sender(), sender(), sender()]);
      await apiA.exited;
      expect(afterKill.length).toBeGreaterThanOrEqual(24);
      expect(afterKill.every((s) => s === 201)).toBe(true);

      const stored = (await db.knex('foundReports').where({ itemId }).select('id')).map(
        (r) => r.id as string,
      );
      expect(new Set(stored).size).toBe(stored.length);
      for (const id of accepted) expect(stored).toContain(id);

      // Every stored report (also one whose answer was cut by the kill) is mailed exactly once.
      const keys = (
        await db
          .knex('notifications')
          .whereIn('foundReportId', stored)
          .where({ channel: 'email' })
          .whereNull('escalationStep')
      ).map((r) => `<${r.idempotencyKey as string}@homing>`);
      expect(keys.length).toBe(stored.length);
      const mailedTo = () => sink.received.filter((m) => keys.includes(m.messageId));
      await expect.poll(() => mailedTo().length, { timeout: 30_000 }).toBe(keys.length);
      expect(new Set(mailedTo().map((m) => m.messageId)).size).toBe(keys.length);
    }, 90_000);

    it('a pg_dump restored into a new database serves the same data', async () => {
      const owner = await register(portB);
      for (const name of ['Red bike', 'Grey laptop'])
        expect(
          (
            await direct(portB, 'POST', '/api/items', {
              token: owner.token,
              body: { name, itemTypeId: 'keys' },
            })
          ).status,
        ).toBe(201);
      const before = await direct(portB, 'GET', '/api/items/my-items', { token: owner.token });
      expect((before.body.data as { items: unknown[] }).items.length).toBe(2);

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-backup-'));
      const dump = path.join(dir, 'homing.dump');
      const restored = `homing_restore_${crypto.randomBytes(6).toString('hex')}`;
      const restoredUrl = new URL(TEST_DATABASE_URL);
      restoredUrl.pathname = `/${restored}`;
      // The commands DEPLOY.md gives.
      execFileSync('pg_dump', ['-Fc', '-f', dump, db.url!]);
      execFileSync('createdb', [
        '-h',
        restoredUrl.hostname,
        '-p',
        restoredUrl.port,
        '-U',
        'postgres',
        restored,
      ]);
      try {
        execFileSync('pg_restore', ['--no-owner', '-d', restoredUrl.toString(), dump]);
        const port = await freePort();
        const api = startProcess(
          'apps/api/src/main.ts',
          { ...common, DATABASE_URL: restoredUrl.toString(), PORT: String(port) },
          'Homing is running',
        );
        others.push(api);
        await api.ready;
        const login = await direct(port, 'POST', '/api/auth/login', {
          body: { identifier: owner.email, password: PASSWORD },
        });
        expect(login.status).toBe(200);
        const after = await direct(port, 'GET', '/api/items/my-items', {
          token: login.body.sessionToken as string,
        });
        expect(after.status).toBe(200);
        expect((after.body.data as { items: unknown[] }).items).toEqual(
          (before.body.data as { items: unknown[] }).items,
        );
        await api.stop();
      } finally {
        execFileSync('dropdb', [
          '-h',
          restoredUrl.hostname,
          '-p',
          restoredUrl.port,
          '-U',
          'postgres',
          '--force',
          restored,
        ]);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);

// The systemd units DEPLOY.md shows cannot run here (no systemd as PID 1); their syntax, directives
// and ExecStart binary are checked instead.
const analyze = '/usr/bin/systemd-analyze';
describe.skipIf(skip || !fs.existsSync(analyze))('deploy/systemd units (needs systemd-analyze)', () => {
  it('pass systemd-analyze verify without a warning', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-units-'));
    try {
      // A template unit is verified through an instance: the port 3001.
      const api = path.join(dir, 'homing-api@3001.service');
      fs.copyFileSync(path.join(repoRoot, 'deploy/systemd/homing-api@.service'), api);
      const worker = path.join(repoRoot, 'deploy/systemd/homing-worker.service');
      const run = spawnSync(analyze, ['verify', api, worker], { encoding: 'utf8' });
      expect({ status: run.status, said: run.stdout + run.stderr }).toEqual({ status: 0, said: '' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
