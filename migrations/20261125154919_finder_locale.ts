import type { Knex } from 'knex';

/**
 * The finder's language (international finders), kept on the report, which is the
 * conversation: their link and every reply notice are written in it, whenever they are sent.
 * Reports made before it were all told in English.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('found_reports', (t) => {
    t.text('finder_locale').notNullable().defaultTo('en');
  });
  // Only the languages we have finder texts for (packages/shared FINDER_LOCALES at this migration):
  // a message is composed from this value, so an unknown one must never be stored.
  await knex.raw(
    "ALTER TABLE found_reports ADD CONSTRAINT found_reports_finder_locale_known CHECK (finder_locale IN ('en', 'es', 'fr'))",
  );
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE found_reports DROP CONSTRAINT found_reports_finder_locale_known');
  await knex.schema.alterTable('found_reports', (t) => t.dropColumn('finder_locale'));
}
