import type { Knex } from 'knex';

/**
 * The hand-written fixed-window counters (`rate_limit_hits`) give way to `rate-limiter-flexible`'s
 * PostgreSQL store (`rate_limits`, the library's own columns: points and an expiry in epoch ms).
 * Reports over an item's ceiling are stored `held` (the owner gets one digest, not each message),
 * and `claim_grants` remembers who resolved a code of a set lately: only they may claim the set.
 */
export async function up(knex: Knex) {
  await knex.schema.dropTable('rate_limit_hits');
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
  });
  await knex.schema.alterTable('found_reports', (t) => {
    t.boolean('held').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('claim_grants', (t) => {
    // `user:<id>` or `address:<ip>`: the scan may come before the sign-in, from the same place.
    t.text('holder').notNullable();
    t.uuid('set_id').notNullable().references('qr_code_sets.id').onDelete('CASCADE');
    t.timestamp('resolved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['holder', 'set_id']);
    t.index(['set_id'], 'claim_grants_set_id_index');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('claim_grants');
  await knex.schema.alterTable('found_reports', (t) => {
    t.dropColumn('held');
  });
  await knex.schema.dropTable('rate_limits');
  await knex.schema.createTable('rate_limit_hits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['key', 'window_start']);
  });
}
