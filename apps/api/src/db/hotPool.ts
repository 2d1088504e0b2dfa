import type { Knex } from 'knex';
import pg from 'pg';

// Few connections suffice: the hot statements are batched across concurrent requests, so under
// load a handful run at once however many requests wait for them.
const HOT_POOL_SIZE = 4;

const pools = new WeakMap<Knex, pg.Pool>();

/**
 * Opens the finder's hot path its own node-postgres pool on the same server as `knex` (documented
 * `pg.Pool`, no knex query builder, binding rewrite or pool bookkeeping on every statement): the
 * label look-up, the scan group commit, the live events' `pg_notify` and the code look-up limit
 * run there when they run outside a transaction. Closed by `closeHotPool`.
 */
export function openHotPool(knex: Knex, url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: HOT_POOL_SIZE,
    idleTimeoutMillis: 30_000,
    // Its writes (scans, rate-limit counts, live events) need not wait for the disk: a server crash
    // may lose the last moment's counts, never corrupt anything. The rest of the product commits
    // synchronously on knex's pool. Its statements are prepared and each look-up is an index probe
    // (`db/prepared.ts`): with sequential scans ruled out, a generic plan made while a table was tiny
    // (a new database's scan_events) still probes the index, not the whole table, once it is large.
    options: '-c synchronous_commit=off -c enable_seqscan=off',
  });
  // An idle client's error (the server restarted) must not crash the process: the pool drops
  // that client and the next query opens a new one.
  pool.on('error', () => undefined);
  pools.set(knex, pool);
  return pool;
}

/** The hot pool beside this connection, or undefined (PGlite, a transaction). */
export const hotPoolOf = (conn: Knex | Knex.Transaction): pg.Pool | undefined =>
  conn.isTransaction ? undefined : pools.get(conn as Knex);

export async function closeHotPool(knex: Knex): Promise<void> {
  const pool = pools.get(knex);
  pools.delete(knex);
  await pool?.end();
}
