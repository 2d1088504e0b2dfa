import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // A finder report opens a private conversation. The owner's reading, replying and closing are
  // the receipts and states both sides see.
  await knex.schema.alterTable('found_reports', (t) => {
    t.timestamp('owner_read_at', { useTz: true });
    t.timestamp('owner_replied_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
  });

  // The messages after the report (the report's own text is the first one).
  await knex.schema.createTable('thread_messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('found_report_id').notNullable().references('found_reports.id').onDelete('CASCADE');
    t.text('sender').notNullable();
    t.text('body').notNullable().defaultTo('');
    t.decimal('latitude', 9, 6);
    t.decimal('longitude', 9, 6);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['found_report_id', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE thread_messages ADD CONSTRAINT thread_messages_sender_known CHECK (sender IN ('finder', 'owner'))",
  );

  // The finder's links to a conversation: a 256-bit token kept only as its SHA-256 (a leaked
  // table opens nothing). One on sending, one more in each message that tells the finder of a reply.
  await knex.schema.createTable('thread_links', (t) => {
    t.text('token_hash').primary();
    t.uuid('found_report_id').notNullable().references('found_reports.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['found_report_id']);
  });

  // Senders an owner refused: by the SHA-256 of their address (lib/addressHash).
  await knex.schema.createTable('blocked_senders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('address_hash').notNullable();
    t.uuid('found_report_id').references('found_reports.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['owner_id', 'address_hash']);
    t.index(['found_report_id']);
  });

  // The outbox now also writes to finders (their thread link, the owner's replies) and per message.
  await knex.schema.alterTable('notifications', (t) => {
    t.text('audience').notNullable().defaultTo('owner');
    t.uuid('thread_message_id').references('thread_messages.id').onDelete('CASCADE');
    t.index(['thread_message_id']);
  });
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_audience_known CHECK (audience IN ('owner', 'finder'))",
  );
}

export async function down(knex: Knex) {
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_audience_known');
  await knex.schema.alterTable('notifications', (t) => {
    t.dropIndex(['thread_message_id']);
    t.dropColumn('thread_message_id');
    t.dropColumn('audience');
  });
  await knex.schema.dropTable('blocked_senders');
  await knex.schema.dropTable('thread_links');
  await knex.schema.dropTable('thread_messages');
  await knex.schema.alterTable('found_reports', (t) => {
    t.dropColumn('closed_at');
    t.dropColumn('owner_replied_at');
    t.dropColumn('owner_read_at');
  });
}
