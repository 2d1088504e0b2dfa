import type { Knex } from 'knex';

/**
 * One row per message a stranger could cause to a contact (a reset link or code, a confirmation,
 * "you already have an account", a backup-contact invitation), by a keyed hash of the contact
 * (lib/addressHash.ts): the ceiling per victim counts them per contact per hour, whoever asked
 * and from wherever. Purged with the rate-limit counters.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('contact_messages', (t) => {
    t.bigIncrements('id');
    t.text('contact_hash').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['contact_hash', 'sent_at']);
    t.index(['sent_at']);
  });
}

/** Undoes up exactly: a rollback must leave the schema the previous migration made. */
export async function down(knex: Knex) {
  await knex.schema.dropTable('contact_messages');
}
