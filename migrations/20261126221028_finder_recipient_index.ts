import type { Knex } from 'knex';

/**
 * Every message written to a finder first counts what that address or number was sent in the last
 * day (`FINDER_DAILY_CAP`, notifications/outbox.ts): without an index on the payload's recipient
 * that count read every finder notification ever kept. Partial: owners' rows never need it.
 */
export async function up(knex: Knex) {
  await knex.raw(
    `CREATE INDEX notifications_finder_recipient_index
       ON notifications ((payload->>'to'), channel, created_at)
       WHERE audience = 'finder'`,
  );
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX notifications_finder_recipient_index');
}
