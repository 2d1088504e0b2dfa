import type { Knex } from 'knex';

/**
 * Where a lost item's finder was when they scanned it, when they chose to share it (the finder
 * page of a lost item asks): the owner's scan list links it to a map.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('scan_events', (t) => {
    t.decimal('latitude', 9, 6);
    t.decimal('longitude', 9, 6);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('scan_events', (t) => {
    t.dropColumn('latitude');
    t.dropColumn('longitude');
  });
}
