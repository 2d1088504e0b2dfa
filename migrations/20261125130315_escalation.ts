import type { Knex } from 'knex';

/**
 * Escalation (PRODUCT.md, Notifications): an owner's delay before an unread report is told again, the step an
 * outbox row is (1: the owner's next channel, 2: their backup contacts; the worker suppresses it
 * once the owner has opened the report), and up to 3 backup contacts per owner, each receiving
 * nothing until they confirm by link (only the link secret's SHA-256 is kept).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('notification_preferences', (t) => {
    t.integer('escalation_delay_minutes').notNullable().defaultTo(15);
  });
  await knex.raw(
    'ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_escalation_delay CHECK (escalation_delay_minutes BETWEEN 5 AND 1440)',
  );
  await knex.schema.alterTable('notifications', (t) => {
    t.smallint('escalation_step');
  });
  await knex.schema.createTable('backup_contacts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('value').notNullable();
    t.text('token_hash');
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['owner_id', 'kind', 'value']);
    t.unique(['token_hash']);
  });
  await knex.raw(
    "ALTER TABLE backup_contacts ADD CONSTRAINT backup_contacts_kind_known CHECK (kind IN ('email', 'phone'))",
  );
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('backup_contacts');
  await knex.schema.alterTable('notifications', (t) => t.dropColumn('escalation_step'));
  await knex.raw(
    'ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_escalation_delay',
  );
  await knex.schema.alterTable('notification_preferences', (t) => t.dropColumn('escalation_delay_minutes'));
}
