import type { Knex } from 'knex';

/**
 * `notifications.quiet_held`: the worker put this row off to the end of the owner's quiet hours
 * (not a digest's or an escalation's own due time). A change of preferences makes such rows due at
 * once, so the worker judges them again under the new rules.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('notifications', (t) => {
    t.boolean('quiet_held').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('notifications', (t) => t.dropColumn('quiet_held'));
}
