import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem, makeSet, quickUsers } from './testing/codeFactory';
import { freePort } from './testing/childProcess';
import {
  direct,
  eventsText,
  PASSWORD,
  register,
  report,
  ScaleCluster,
  startProcess,
  type Proc,
} from './testing/scale';
import { withoutScaleTools } from './testing/systemTools';
import { testDbKind, TEST_DATABASE_URL, type TestServer } from './testing/testServer';
import { WAIT_MS } from './testing/patience';

// Production's shape on one machine: PostgreSQL, two API processes (WORKER=0), one `npm run worker`
// and nginx running deploy/nginx.conf.template, all real processes (testing/scale.ts starts them).

const postgresOnly = testDbKind() !== 'postgres';
const missing = postgresOnly ? null : withoutScaleTools();
const skip = postgresOnly || missing !== null;
const cluster = new ScaleCluster();
const { others, tlsRequest, viaNginx } = cluster;
// The rest of the cluster the tests use, set once it has started.
let db: ScaleCluster['db'];
let sink: ScaleCluster['sink'];
let nginx: ScaleCluster['nginx'];
let apiA: Proc;
let portA: number, portB: number;
let common: Record<string, string>;

beforeAll(async () => {
  if (skip) return;
  await cluster.start();
  ({ db, sink, nginx, apiA, portA, portB, common } = cluster);
});

afterAll(async () => {
  if (skip) return;
  await cluster.close();
});

describe.skipIf(skip)(
  `many processes behind nginx (PostgreSQL only: the embedded database admits one process)${missing ? ` (SKIPPED: ${missing})` : ''}`,
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
      await expect.poll(() => onA() + viaProxy(), { timeout: WAIT_MS }).toMatch(/connected[\s\S]*connected/);

      const sent = await direct(portB, 'POST', `/api/found/${code}/report`, { body: report('On the tram') });
      expect(sent.status).toBe(201);
      await expect.poll(onA, { timeout: WAIT_MS }).toContain('event: found_report');
      expect(onA()).toContain('On the tram');
      await expect.poll(viaProxy, { timeout: WAIT_MS }).toContain('On the tram');
      proxied.destroy();

      await sink.waitFor(1);
      await expect
        .poll(() => sink.received.filter((m) => m.to.includes(owner.email)).length, { timeout: WAIT_MS })
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
      let killed = false;
      let dead = false;
      void apiA.exited.then(() => (dead = true));
      let n = 0;
      // Four senders at once, as many finders would; A is killed once 20 reports are in, and the
      // senders go on until 24 requests have started after A is gone (however fast or slow the
      // machine), so routing around the dead process is seen, not assumed.
      const sender = async () => {
        while ((!dead || afterKill.length < 24) && n < 400) {
          const startedDead = dead;
          const res = await viaNginx('POST', `/api/found/${code}/report`, { body: report(`report ${++n}`) });
          if (res.status === 201) accepted.push((res.body.data as { reportId: string }).reportId);
          if (startedDead) afterKill.push(res.status);
          if (!killed && accepted.length >= 20) {
            killed = true;
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
      await expect.poll(() => mailedTo().length, { timeout: WAIT_MS }).toBe(keys.length);
      expect(new Set(mailedTo().map((m) => m.messageId)).size).toBe(keys.length);
    });

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
    });
  },
);
