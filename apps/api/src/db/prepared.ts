import { snakeCaseMappers } from 'objection';
import type { Conn } from '../ctx';
import { hotPoolOf } from './hotPool';

// The same snake_case → camelCase mapping as the connection's (knexSnakeCaseMappers), which
// maps the rows of built queries but not of raw ones.
const { parse: camelKeys } = snakeCaseMappers();

// Each statement's text in node-postgres's `$n` form, rewritten once per name.
const numbered = new Map<string, string>();
function numberedText(name: string, sql: string): string {
  let text = numbered.get(name);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numbered.set(name, text);
  }
  return text;
}

/**
 * Runs a hot path's SQL as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every request, where planning a join cost more than running it. On
 * PostgreSQL outside a transaction it goes to the hot path's own `pg.Pool` (`db/hotPool.ts`) with
 * node-postgres's documented `name` option; in a transaction, through knex's `raw` on it with the
 * same option. `sql` uses knex's `?` placeholders (no other `?` in the text). Rows come back
 * camelCased like every other query's (`item_id` → `itemId`). A name belongs to one SQL text
 * (node-postgres refuses a name reused for another). PGlite runs in-process with one connection,
 * so there it is a plain parameterised query.
 */
export async function preparedQuery<R>(
  conn: Conn,
  name: string,
  sql: string,
  bindings: unknown[],
): Promise<R[]> {
  return hotQuery<R>(conn, sql, bindings, name);
}

/**
 * Runs a hot path's SQL like `preparedQuery`, on the same pool, but planned on every run: for a
 * statement whose best plan depends on how big its tables are now. A prepared statement switches to
 * a generic plan after five runs and keeps it for the life of the connection; one made while
 * `scan_events` was nearly empty probes it by sequential scan for ever after, slower with every
 * scan stored. A batched statement plans once per batch, so planning costs little per request.
 */
export async function hotQuery<R>(conn: Conn, sql: string, bindings: unknown[], name?: string): Promise<R[]> {
  const pool = hotPoolOf(conn);
  let rows: Record<string, unknown>[];
  if (pool) {
    const text = name ? numberedText(name, sql) : numberedText(`unnamed:${sql}`, sql);
    rows = (await pool.query(name ? { name, text, values: bindings } : { text, values: bindings })).rows;
  } else {
    const query = conn.raw(sql, bindings as never[]);
    if (name && conn.client.config.client === 'pg') query.options({ name });
    rows = ((await query) as { rows: Record<string, unknown>[] }).rows;
  }
  return rows.map((row) => camelKeys(row) as R);
}
