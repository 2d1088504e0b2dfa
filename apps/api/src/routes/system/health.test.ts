import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource, renamedMigrations } from '@homing/migrations';
import { migrateLatest, rollback } from '../../db/connection';
import { startTestServer, TEST_DATABASE_URL, testDbKind, type TestServer } from '../../testing/testServer';
import { WAIT_MS } from '../../testing/patience';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('health and readiness', () => {
  it('/healthz answers 200 while the process lives; /readyz 200 when the database is current', async () => {
    const alive = await server.api('GET', '/healthz');
    expect(alive.status).toBe(200);
    expect(alive.body).toMatchObject({ success: true, status: 'ok' });
    const ready = await server.api('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ success: true, status: 'ready' });
  });

  it('/readyz answers 503 while migrations are pending, and 200 once they ran', async () => {
    // A database one migration behind this code: everything rolled back, then all but the last run.
    const undone = await rollback(server.db.knex);
    const last = undone.sort().at(-1)!;
    for (let i = 1; i < undone.length; i++) await server.db.knex.migrate.up({ migrationSource });
    try {
      const behind = await server.api('GET', '/readyz');
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({ success: false, data: null });
      expect(behind.body.error).toBe(`Not ready: migrations pending: ${last}.`);
      // Alive all the same: an orchestrator must not restart it for that.
      expect((await server.api('GET', '/healthz')).status).toBe(200);
    } finally {
      await migrateLatest(server.db.knex);
    }
    expect((await server.api('GET', '/readyz')).status).toBe(200);
  });

  it("/readyz answers 200 on a database migrated under renamed migrations' old names, before and after it is brought forward", async () => {
    const knex = server.db.knex;
    for (const [old, name] of Object.entries(renamedMigrations))
      await knex('knex_migrations').where({ name }).update({ name: old });
    expect((await server.api('GET', '/readyz')).status).toBe(200);
    // What the next start does first.
    expect(await migrateLatest(knex)).toEqual([]);
    const names = (await knex('knex_migrations').pluck('name')) as string[];
    expect(names.toSorted()).toEqual(await migrationSource.getMigrations([]));
    expect((await server.api('GET', '/readyz')).status).toBe(200);
  });

  // PGlite runs inside the process: it cannot become unreachable while the process lives.
  it.skipIf(testDbKind() !== 'postgres')(
    '/readyz answers 503 within its bound when the database refuses connections, /healthz stays 200',
    async () => {
      const name = new URL(server.db.url!).pathname.slice(1);
      const admin = knexFactory({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      try {
        await admin.raw(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.raw('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ?', [name]);
        const down = await server.api('GET', '/readyz');
        expect(down.status).toBe(503);
        expect(down.body.error).toMatch(/^Not ready: database (unreachable|did not answer in time)\.$/);
        expect((await server.api('GET', '/healthz')).status).toBe(200);
      } finally {
        await admin.raw(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.destroy();
      }
      // The pool reconnects on its own once the database is back.
      await expect
        .poll(async () => (await server.api('GET', '/readyz')).status, { timeout: WAIT_MS })
        .toBe(200);
    },
  );
});
