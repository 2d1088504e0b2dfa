import type { Knex } from 'knex';

/**
 * Web Push: the instance's own VAPID key pair (one row, made at first start and kept, so devices
 * subscribed once stay reachable), the owners' device subscriptions, and `push` as an outbox
 * channel (one row per alert and device).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('web_push_keys', (t) => {
    t.integer('id').primary();
    t.text('public_key').notNullable();
    t.text('private_key').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE web_push_keys ADD CONSTRAINT web_push_keys_one_row CHECK (id = 1)');
  await knex.schema.createTable('push_subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('endpoint').notNullable().unique();
    t.text('p256dh').notNullable();
    t.text('auth').notNullable();
    // "Chrome on Android": what the owner sees in Settings to tell their devices apart.
    t.text('device').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_pushed_at', { useTz: true });
    t.index(['user_id']);
  });
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_channel_known');
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_channel_known CHECK (channel IN ('email', 'sms', 'push'))",
  );
}

export async function down(knex: Knex) {
  await knex('notifications').where({ channel: 'push' }).delete();
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_channel_known');
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_channel_known CHECK (channel IN ('email', 'sms'))",
  );
  await knex.schema.dropTable('push_subscriptions');
  await knex.schema.dropTable('web_push_keys');
}
