import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toAppError } from '../middleware/errorHandler';
import { migratedDataDir, testDbKind } from '../testing/testServer';
import { connectEmbedded, DataFolderLockedError, migrateLatest } from './connection';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const embeddedOnly = testDbKind() !== 'embedded';

function run(args: string[], env: Record<string, string>, until?: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  let out = '';
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (until?.test(out)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void done.then(() => reject(new Error(`exited early: ${out}`)));
  });
  ready.catch(() => undefined);
  return { child, done, ready };
}

// The lock and the single connection are properties of the embedded database; PostgreSQL has neither.
describe.skipIf(embeddedOnly)(
  'embedded database folder (skipped on PostgreSQL: it has no folder lock or single connection)',
  () => {
    it('refuses a second process on the same data folder with a clear message', async () => {
      const dataDir = await migratedDataDir('homing-lock-');
      const env = { DATA_DIR: dataDir, SEED_DEMO: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
      const first = run(['apps/api/src/main.ts'], { ...env, PORT: '0' }, /Homing is running/);
      try {
        await first.ready;
        const second = run(['apps/api/src/main.ts'], { ...env, PORT: '0' });
        const { code, out } = await second.done;
        expect(code).toBe(1);
        expect(out).toContain(`The data folder ${dataDir} is already in use by another Homing process.`);
        expect(out).not.toMatch(/\n\s+at /);
      } finally {
        first.child.kill('SIGTERM');
        await first.done;
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
