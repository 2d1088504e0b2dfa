import type { Knex } from 'knex';

const ITEM_TYPES = [
  ['pets', '🐾', 'Pets'],
  ['keys', '🔑', 'Keys'],
  ['bag', '👜', 'Bag'],
  ['wallet', '👛', 'Wallet'],
  ['phone', '📱', 'Phone'],
  ['laptop', '💻', 'Laptop'],
  ['luggage', '🧳', 'Luggage'],
  ['bike', '🚲', 'Bike'],
  ['other', '📦', 'Other'],
] as const;

export async function up(knex: Knex) {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name');
    // Stored lower-cased (e-mail) and as E.164 (phone), so uniqueness is on the canonical form.
    t.text('email').unique();
    t.text('phone_number').unique();
    t.text('password_hash').notNullable();
    t.boolean('sms_opt_in').notNullable().defaultTo(false);
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
  // An account must be reachable by at least one contact.
  await knex.raw(
    'ALTER TABLE users ADD CONSTRAINT users_contact_present CHECK (email IS NOT NULL OR phone_number IS NOT NULL)',
  );

  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  // Fixed-window counters shared by every API process (failed logins, report floods).
  await knex.schema.createTable('rate_limit_hits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.primary(['key', 'window_start']);
  });

  await knex.schema.createTable('item_types', (t) => {
    t.text('id').primary();
    t.text('icon').notNullable();
    t.text('display_name').notNullable();
    t.integer('sort_order').notNullable();
  });
  await knex('item_types').insert(
    ITEM_TYPES.map(([id, icon, displayName], i) => ({ id, icon, display_name: displayName, sort_order: i })),
  );
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('item_types');
  await knex.schema.dropTable('rate_limit_hits');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
