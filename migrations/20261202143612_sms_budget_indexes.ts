import type { Knex } from 'knex';

/**
 * The SMS budget (notifications/smsBudget.ts) counts, before each text a stranger could cause, the
 * texts delivered in the last hour and those to one number in the last day: partial indexes on the
 * delivered texts, so neither count reads the whole outbox.
 */
export async function up(knex: Knex) {
  await knex.raw(
    `CREATE INDEX notifications_sms_delivered_index ON notifications (delivered_at) WHERE channel = 'sms'`,
  );
  await knex.raw(
    `CREATE INDEX notifications_sms_recipient_index ON notifications ((payload->>'to'), delivered_at) WHERE channel = 'sms'`,
  );
}

/** Undoes up exactly: a rollback must leave the schema the previous migration made. */
export async function down(knex: Knex) {
  await knex.raw('DROP INDEX notifications_sms_recipient_index');
  await knex.raw('DROP INDEX notifications_sms_delivered_index');
}
