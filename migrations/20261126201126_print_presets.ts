import type { Knex } from 'knex';

/**
 * Print presets (PRODUCT.md, Printing): a label template, a printer, its offsets and a start position saved
 * by name, shared by the organisation's admins (the web admin and the print station's screens).
 * Names are unique without regard to case. No personal data: the preset keeps no author.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('print_presets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('template_id').notNullable();
    t.text('printer').notNullable();
    t.double('x_mm').notNullable().defaultTo(0);
    t.double('y_mm').notNullable().defaultTo(0);
    t.integer('start_column').notNullable().defaultTo(1);
    t.integer('start_row').notNullable().defaultTo(1);
    t.timestamps(true, true);
  });
  await knex.raw('CREATE UNIQUE INDEX print_presets_name_unique ON print_presets (lower(name))');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('print_presets');
}
