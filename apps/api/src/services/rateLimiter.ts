import type { Knex } from 'knex';

/**
 * Fixed-window counters in PostgreSQL, so every API process sees the same count.
 * `peek` reads the current window; `hit` adds one and returns the new count.
 */
export function rateLimiter(knex: Knex, opts: { windowMs: number }) {
  const windowStart = () => new Date(Math.floor(Date.now() / opts.windowMs) * opts.windowMs);
  return {
    async peek(key: string): Promise<number> {
      const row = await knex('rate_limit_hits').where({ key, windowStart: windowStart() }).first('count');
      return row ? Number(row.count) : 0;
    },
    async hit(key: string): Promise<number> {
      const [row] = await knex
        .raw<{ rows: { count: number }[] }>(
          `INSERT INTO rate_limit_hits (key, window_start, count) VALUES (?, ?, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_hits.count + 1
         RETURNING count`,
          [key, windowStart()],
        )
        .then((r) => r.rows);
      return Number(row?.count ?? 1);
    },
    async clear(key: string) {
      await knex('rate_limit_hits').where({ key }).delete();
    },
  };
}
