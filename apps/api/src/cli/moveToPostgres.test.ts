import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { connectEmbedded, connectPostgres } from '../db/connection';
import { startServer } from '../server';
import { nodeArgs, TEST_PROCESS_ENV } from '../testing/childProcess';
import { assignedItem, makeSet } from '../testing/codeFactory';
import { migratedDataDir, TEST_DATABASE_URL, testDbKind, uniqueEmail } from '../testing/testServer';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const move = (dataDir: string, url: string) =>
  spawnSync(process.execPath, [...nodeArgs('apps/api/src/cli/moveToPostgres.ts'), '--to', url], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
const config = (env: Record<string, string>) =>
  loadConfig({ ...TEST_PROCESS_ENV, PORT: '0', LOG_LEVEL: 'silent', ...env });

async function api(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(base + url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: unknown; sessionToken: string; user: { id: string } };
  return { status: res.status, body: json };
}

// Copies from the embedded database to PostgreSQL: it needs both, so it runs once (in api-postgres).
describe.skipIf(testDbKind() !== 'postgres')('npm run db:move-to-postgres -- --to <url>', () => {
  it('copies a used embedded database to an empty PostgreSQL database, and the app serves the same data', async () => {
    const dataDir = await migratedDataDir('homing-move-');
    const email = uniqueEmail('mover');
    let itemsBefore: unknown;
    let notificationsBefore = 0;
    {
      const server = await startServer(config({ DATA_DIR: dataDir }), { db: await connectEmbedded(dataDir) });
      const owner = await api(server.url, 'POST', '/api/auth/register', { email, password: 'correct horse' });
      const token = owner.body.sessionToken as string;
      const { code } = await assignedItem(server.db.knex, owner.body.user.id, { name: 'Blue bike' });
      await makeSet(server.db.knex, { count: 3, child: true });
      await api(server.url, 'POST', '/api/analytics/scan', { qrCode: code });
      const report = await api(server.url, 'POST', `/api/found/${code}/report`, {
        finderEmail: 'finder@example.com',
        foundNotes: 'Found it by the station',
      });
      expect(report.status).toBe(201);
      itemsBefore = (await api(server.url, 'GET', '/api/items/my-items', undefined, token)).body.data;
      // The owner's alert, the finder's conversation link and the owner's escalation reminder.
      const [{ n }] = await server.db.knex('notifications').count({ n: '*' });
      notificationsBefore = Number(n);
      await server.close();
    }

    const name = `homing_move_${crypto.randomBytes(5).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      const res = move(dataDir, url.toString());
      expect(res.stderr).toBe('');
      expect(res.status).toBe(0);
      expect(res.stdout).toMatch(/ {2}users: 1\n/);
      expect(res.stdout).toMatch(/ {2}found_reports: 1\n/);
      expect(notificationsBefore).toBeGreaterThanOrEqual(2);
      expect(res.stdout).toContain(`  notifications: ${notificationsBefore}\n`);
      expect(res.stdout).toMatch(/ {2}qr_code_sets: 3\n/);
      expect(res.stdout).toContain('every count matches the embedded database');
      expect(res.stdout).toContain(`DATABASE_URL=${url.toString()}`);

      // The app on PostgreSQL: the owner signs in and sees the same items.
      const server = await startServer(config({ DATABASE_URL: url.toString() }), {
        db: connectPostgres(url.toString()),
      });
      try {
        const signIn = await api(server.url, 'POST', '/api/auth/login', {
          identifier: email,
          password: 'correct horse',
        });
        expect(signIn.status).toBe(200);
        const items = await api(
          server.url,
          'GET',
          '/api/items/my-items',
          undefined,
          signIn.body.sessionToken,
        );
        expect(items.body.data).toEqual(itemsBefore);
      } finally {
        await server.close();
      }

      // A second run refuses: the target is no longer empty.
      const again = move(dataDir, url.toString());
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('The target database is not empty');
    } finally {
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    }
  });
});
