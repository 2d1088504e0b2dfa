import type { Knex } from 'knex';

/**
 * Print presets name a template, a printer, a start position and a number of copies; offsets are
 * not theirs (PRODUCT.md, Printing): calibration belongs to one physical printer and stays on its
 * station, so a preset shared by every admin never carries, nor overwrites, it.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('print_presets', (t) => {
    t.dropColumn('x_mm');
    t.dropColumn('y_mm');
    t.integer('copies').notNullable().defaultTo(1);
  });
  await knex.raw(
    'ALTER TABLE print_presets ADD CONSTRAINT print_presets_copies CHECK (copies BETWEEN 1 AND 99)',
  );
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE print_presets DROP CONSTRAINT print_presets_copies');
  await knex.schema.alterTable('print_presets', (t) => {
    t.dropColumn('copies');
    t.double('x_mm').notNullable().defaultTo(0);
    t.double('y_mm').notNullable().defaultTo(0);
  });
}
