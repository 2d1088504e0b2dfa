import type { Knex } from 'knex';

/**
 * Photo deletions go through the outbox (PRODUCT.md, Privacy): `photo_delete` is a channel whose row names the
 * photo's key (`payload.to`, idempotency key `photo-delete:<key>`); the worker deletes the object
 * and retries until the store answers. Such a row belongs to no account (the account may be the
 * one being deleted), so `user_id` may be empty on it, and only on it.
 */
export async function up(knex: Knex) {
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_channel_known');
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_channel_known CHECK (channel IN ('email', 'sms', 'push', 'photo_delete'))",
  );
  await knex.raw('ALTER TABLE notifications ALTER COLUMN user_id DROP NOT NULL');
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_user_known CHECK (user_id IS NOT NULL OR channel = 'photo_delete')",
  );
}

export async function down(knex: Knex) {
  await knex('notifications').where({ channel: 'photo_delete' }).delete();
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_user_known');
  await knex.raw('ALTER TABLE notifications ALTER COLUMN user_id SET NOT NULL');
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_channel_known');
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_channel_known CHECK (channel IN ('email', 'sms', 'push'))",
  );
}
