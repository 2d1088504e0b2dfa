import type { Knex } from 'knex';

/**
 * Rate-limit counters live a minute and are rewritten on every counted request: they need no
 * write-ahead log. An unlogged table skips it (the finder's code look-up limit writes on every
 * batch of page loads). After a PostgreSQL crash the table comes back empty: every window starts
 * over, which gives a client at most one window more, and nothing else depends on these rows.
 */
export async function up(knex: Knex) {
  await knex.raw('ALTER TABLE rate_limits SET UNLOGGED');
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE rate_limits SET LOGGED');
}
