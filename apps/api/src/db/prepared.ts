import { snakeCaseMappers } from 'objection';
import type { Conn } from '../ctx';

// The same snake_case → camelCase mapping as the connection's (knexSnakeCaseMappers), which
// maps the rows of built queries but not of raw ones.
const { parse: camelKeys } = snakeCaseMappers();

/**
 * Runs a hot path's SQL as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every request, where planning a join cost more than running it. Plain
 * knex: `raw` with `?` placeholders, on the pool (a pooled connection, acquired and released by
 * knex) or on the transaction it is given, with node-postgres's documented `name` query option
 * passed through knex's `.options()`. Rows come back camelCased like every other query's
 * (`item_id` → `itemId`). A name belongs to one SQL text (node-postgres refuses a name reused for
 * another). PGlite runs in-process with one connection, so there it is a plain parameterised query.
 */
export async function preparedQuery<R>(
  conn: Conn,
  name: string,
  sql: string,
  bindings: unknown[],
): Promise<R[]> {
  const query = conn.raw(sql, bindings as never[]);
  if (conn.client.config.client === 'pg') query.options({ name });
  const result = (await query) as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => camelKeys(row) as R);
}
