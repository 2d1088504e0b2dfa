import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { knexSnakeCaseMappers } from 'objection';
import lockfile from 'proper-lockfile';
import { migrationSource } from '@homing/migrations';

export class DataFolderLockedError extends Error {}

// A query that cannot get the (single, on PGlite) connection fails after this long instead of
// waiting forever behind an open transaction; the error middleware answers 503.
const ACQUIRE_TIMEOUT_MS = 10_000;

export interface Database {
  knex: Knex;
  kind: 'postgres' | 'embedded';
  /** The server's URL, for the LISTEN connection of the event hub (PostgreSQL only). */
  url?: string;
  close(): Promise<void>;
}

export function connectPostgres(url: string, pool: Knex.PoolConfig = { min: 0, max: 10 }): Database {
  const knex = knexFactory({
    client: 'pg',
    connection: url,
    pool,
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    ...knexSnakeCaseMappers(),
  });
  return { knex, kind: 'postgres', url, close: () => knex.destroy() };
}

/**
 * PGlite in `dataDir` (or in memory with null). PGlite silently loses writes when two processes
 * open one folder, so the folder is locked for the life of this process.
 */
export async function connectEmbedded(
  dataDir: string | null,
  opts: { acquireTimeoutMs?: number } = {},
): Promise<Database> {
  let release: (() => Promise<void>) | null = null;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, {
        lockfilePath: path.join(dataDir, 'homing.lock'),
        stale: 15_000,
        update: 5_000,
      });
    } catch {
      throw new DataFolderLockedError(
        `The data folder ${dataDir} is already in use by another Homing process. ` +
          'Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).',
      );
    }
  }
  const knex = knexFactory({
    client: ClientPgLite as unknown as typeof Knex.Client,
    dialect: 'postgres',
    connection: dataDir ? { filename: path.join(dataDir, 'pgdata') } : {},
    acquireConnectionTimeout: opts.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS,
    ...knexSnakeCaseMappers(),
  } as Knex.Config);
  return {
    knex,
    kind: 'embedded',
    close: async () => {
      await knex.destroy();
      await release?.();
    },
  };
}

export async function connect(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
}): Promise<Database> {
  // Objection's global Model.knex() is never bound: every query names its connection.
  return opts.databaseUrl ? connectPostgres(opts.databaseUrl) : connectEmbedded(opts.dataDir);
}

export async function migrateLatest(knex: Knex) {
  const [, applied] = await knex.migrate.latest({ migrationSource });
  return applied as string[];
}

export async function rollback(knex: Knex) {
  const [, undone] = await knex.migrate.rollback({ migrationSource });
  return undone as string[];
}
