import type { Knex } from 'knex';

/**
 * Each text the SMS gateway delivered to the inbound webhook, by the provider's own id of it
 * (Twilio's `MessageSid`, Kannel's `%I`): a gateway that retries a webhook (one that timed out,
 * or a Kannel `http-request-retry`) posts the same id again, and the message is then processed
 * once: the repeat is answered with `answer`, what the first delivery answered (null: nothing).
 * Written in the same transaction as the message; purged with the rate-limit counters.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('inbound_texts', (t) => {
    t.text('provider').notNullable();
    t.text('message_id').notNullable();
    t.text('answer');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['provider', 'message_id']);
    t.index(['received_at']);
  });
}

/** Undoes up exactly: a rollback must leave the schema the previous migration made. */
export async function down(knex: Knex) {
  await knex.schema.dropTable('inbound_texts');
}
