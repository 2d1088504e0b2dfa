import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { PGlite } from '@electric-sql/pglite';
import ClientPgLite from 'knex-pglite';
import { knexSnakeCaseMappers } from 'objection';
import lockfile from 'proper-lockfile';
import { currentMigrationName, migrationSource, renameMigrationRows } from '@homing/migrations';

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
  return {
    knex,
    kind: 'postgres',
    url,
    close: () => knex.destroy(),
  };
}

interface LockOwner {
  pid: number;
  host: string;
  /** The lock directory this owner made: a newer lock (another inode) is not this owner's. */
  ino: number;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder's lock. The lock directory (proper-lockfile; its mtime is refreshed while
 * the holder lives) has a sibling file naming its holder's PID and host: after a crash (kill -9,
 * power loss) a restart on the same machine sees that PID is gone and takes the lock over at once
 * instead of waiting for the lock to go stale; a live holder, or one on another host (a shared
 * disk, where its PID means nothing here), is still refused until its lock goes stale.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'homing.lock');
  const ownerPath = `${lockPath}.owner`;
  const take = () => lockfile.lock(dataDir, { lockfilePath: lockPath, stale: 15_000, update: 5_000 });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch {
    if (!takeOverFromDeadHolder(lockPath, ownerPath)) throw lockedError(dataDir);
    try {
      release = await take();
    } catch {
      throw lockedError(dataDir);
    }
  }
  const owner: LockOwner = { pid: process.pid, host: os.hostname(), ino: fs.statSync(lockPath).ino };
  fs.writeFileSync(ownerPath, JSON.stringify(owner));
  return async () => {
    fs.rmSync(ownerPath, { force: true });
    await release();
  };
}

/** Removes a lock whose recorded holder died on this machine; false when it may be alive. */
function takeOverFromDeadHolder(lockPath: string, ownerPath: string): boolean {
  try {
    const owner = JSON.parse(fs.readFileSync(ownerPath, 'utf8')) as LockOwner;
    if (owner.host !== os.hostname() || owner.pid === process.pid || isAlive(owner.pid)) return false;
    // The lock must still be the one that owner made: a fresh lock is somebody alive.
    if (fs.statSync(lockPath).ino !== owner.ino) return false;
    fs.rmdirSync(lockPath);
    fs.rmSync(ownerPath, { force: true });
    return true;
  } catch {
    // No owner file (a holder still starting, or an older version's lock) or a lock gone meanwhile.
    return false;
  }
}

const lockedError = (dataDir: string) =>
  new DataFolderLockedError(
    `The data folder ${dataDir} is already in use by another Homing process. ` +
      'Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).',
  );

/**
 * PGlite in `dataDir` (or in memory with null). PGlite silently loses writes when two processes
 * open one folder, so the folder is locked for the life of this process. An in-memory database
 * can be a `pglite` made by the caller (one started from a data folder's tarball, say).
 */
export async function connectEmbedded(
  dataDir: string | null,
  opts: { acquireTimeoutMs?: number; pglite?: PGlite } = {},
): Promise<Database> {
  let release: (() => Promise<void>) | null = null;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = await lockDataDir(dataDir);
  }
  const pglite = opts.pglite ?? new PGlite(dataDir ? path.join(dataDir, 'pgdata') : undefined);
  // Started before knex sees it: its first start (initdb or loading a data folder, in WebAssembly)
  // can take seconds on a busy machine and must not count against the first query's acquire
  // timeout, which is meant for waiting behind an open transaction.
  try {
    await pglite.waitReady;
  } catch (err) {
    await release?.();
    throw err;
  }
  const knex = knexFactory({
    client: ClientPgLite as unknown as typeof Knex.Client,
    dialect: 'postgres',
    connection: { pglite },
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

// Both first bring a database migrated under renamed migrations' old names forward (its rows
// renamed), or knex would refuse it.
export async function migrateLatest(knex: Knex) {
  await renameMigrationRows(knex);
  const [, applied] = await knex.migrate.latest({ migrationSource });
  return applied as string[];
}

export async function rollback(knex: Knex) {
  await renameMigrationRows(knex);
  const [, undone] = await knex.migrate.rollback({ migrationSource });
  return undone as string[];
}

/** Migrations this code knows that the database has not run (empty when current). */
export async function pendingMigrations(knex: Knex): Promise<string[]> {
  const known = await migrationSource.getMigrations([]);
  const rows = (await knex('knex_migrations').select('name')) as { name: string }[];
  // Read only (a probe asks): a row still under an old name counts as its migration, run.
  const done = new Set(rows.map((r) => currentMigrationName(r.name)));
  return known.filter((name) => !done.has(name));
}
