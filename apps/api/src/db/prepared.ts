import { snakeCaseMappers } from 'objection';
import type { Conn } from '../ctx';
import { hotPoolOf } from './hotPool';

// The same snake_case → camelCase mapping as the connection's (knexSnakeCaseMappers), which
// maps the rows of built queries but not of raw ones.
const { parse: camelKeys } = snakeCaseMappers();

/** SQL with knex's `?` placeholders in node-postgres's (and PREPARE's) `$1, $2, …` form. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

// Each statement's text in `$n` form, rewritten once per name.
const numbered = new Map<string, string>();
function numberedText(name: string, sql: string): string {
  let text = numbered.get(name);
  if (text === undefined) numbered.set(name, (text = numberedPlaceholders(sql)));
  return text;
}

/**
 * Runs a hot path's SQL as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every request, where planning a join cost more than running it. On
 * PostgreSQL outside a transaction it goes to the hot path's own `pg.Pool` (`db/hotPool.ts`) with
 * node-postgres's documented `name` option. `sql` uses knex's `?` placeholders (no other `?` in the
 * text). Rows come back camelCased like every other query's (`item_id` → `itemId`). A name belongs
 * to one SQL text (node-postgres refuses a name reused for another). In a transaction (not a hot
 * path) and on PGlite (in-process, one connection) it is a plain parameterised query, planned
 * for its values on each run.
 *
 * A prepared statement switches to a generic plan after five runs and keeps it for the life of the
 * connection, whatever the tables grow to. So write each look-up as an index probe the planner
 * cannot turn into a scan of a whole table (a LATERAL subquery with LIMIT 1, not a join or EXISTS
 * over an array); the hot pool's sessions also rule out sequential scans, so a plan made while a
 * table was tiny still probes its index once the table is large.
 */
export async function preparedQuery<R>(
  conn: Conn,
  name: string,
  sql: string,
  bindings: unknown[],
): Promise<R[]> {
  const pool = hotPoolOf(conn);
  let rows: Record<string, unknown>[];
  if (pool) {
    rows = (await pool.query({ name, text: numberedText(name, sql), values: bindings })).rows;
  } else {
    rows = ((await conn.raw(sql, bindings as never[])) as { rows: Record<string, unknown>[] }).rows;
  }
  return rows.map((row) => camelKeys(row) as R);
}
