import { describe, expect, it } from 'vitest';
import { toAppError } from '../middleware/errorHandler';
import { startScript, TEST_PROCESS_ENV } from '../testing/childProcess';
import { migratedDataDir, testDbKind } from '../testing/testServer';
import { connectEmbedded, DataFolderLockedError, migrateLatest } from './connection';

const embeddedOnly = testDbKind() !== 'embedded';

// The lock and the single connection are properties of the embedded database; PostgreSQL has neither.
describe.skipIf(embeddedOnly)(
  'embedded database folder (skipped on PostgreSQL: it has no folder lock or single connection)',
  () => {
    it('refuses a second process on the same data folder with a clear message', async () => {
      const dataDir = await migratedDataDir('homing-lock-');
      const env = {
        ...TEST_PROCESS_ENV,
        NODE_ENV: process.env.NODE_ENV ?? 'test',
        DATA_DIR: dataDir,
        PORT: '0',
      };
      const first = startScript('apps/api/src/main.ts', env);
      try {
        await first.until('Homing is running');
        const second = startScript('apps/api/src/main.ts', env);
        expect((await second.exited).code).toBe(1);
        const out = second.output();
        expect(out).toContain(`The data folder ${dataDir} is already in use by another Homing process.`);
        expect(out).not.toMatch(/\n\s+at /);
      } finally {
        await first.stop();
      }
      // Once the first process has stopped, the folder opens again and keeps its data.
      const db = await connectEmbedded(dataDir);
      expect(await migrateLatest(db.knex)).toEqual([]);
      await db.close();
    });

    it('refuses a second open inside one process too', async () => {
      const dataDir = await migratedDataDir('homing-lock-');
      const db = await connectEmbedded(dataDir);
      await expect(connectEmbedded(dataDir)).rejects.toBeInstanceOf(DataFolderLockedError);
      await db.close();
    });

    it('fails a query stuck behind an open transaction instead of waiting forever (503)', async () => {
      // PGlite starts on first use, which under load can take many seconds: start it with a generous
      // timeout, then tighten the pool's timeout to measure only the query stuck behind the transaction.
      const db = await connectEmbedded(null, { acquireTimeoutMs: 120_000 });
      await db.knex.raw('select 1');
      (db.knex.client as { pool: { acquireTimeoutMillis: number } }).pool.acquireTimeoutMillis = 1_000;
      let outside: unknown;
      await db.knex.transaction(async (trx) => {
        await trx.raw('select 1');
        outside = await db.knex.raw('select 1').catch((e: unknown) => e);
      });
      expect(outside).toBeInstanceOf(Error);
      expect(toAppError(outside)).toMatchObject({ status: 503, id: 'service_unavailable' });
      expect((await db.knex.raw('select 1 as one')).rows[0].one).toBe(1);
      await db.close();
    });
  },
);
