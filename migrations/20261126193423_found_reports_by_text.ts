import type { Knex } from 'knex';

/**
 * A conversation a finder opened by texting the label's code to the instance's number (PRODUCT.md, Finders who text):
 * the owner's replies go back to `finder_phone` as plain texts (no link: the finder may have no
 * data), and further texts from that number continue it. The index finds a number's open
 * conversations.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('found_reports', (t) => {
    t.boolean('by_text').notNullable().defaultTo(false);
  });
  await knex.raw(
    'CREATE INDEX found_reports_by_text_phone_index ON found_reports (finder_phone, created_at) WHERE by_text',
  );
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX found_reports_by_text_phone_index');
  await knex.schema.alterTable('found_reports', (t) => t.dropColumn('by_text'));
}
