import type { Knex } from 'knex';

/**
 * The instance's secret for keyed address hashes (`lib/addressHash.ts`): one row, made
 * at the first start (not here: a database copied from a migrated template must still get a
 * secret of its own), which also converts the stored unsalted digests.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('address_hash_keys', (t) => {
    t.integer('id').primary();
    t.text('secret').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE address_hash_keys ADD CONSTRAINT address_hash_keys_one_row CHECK (id = 1)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('address_hash_keys');
}
