import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // A contact counts once confirmed. Contacts that existed before confirmation was asked for
  // were already receiving messages and cannot be asked again: they count as confirmed when
  // their account was made.
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('email_verified_at', { useTz: true });
    t.timestamp('phone_verified_at', { useTz: true });
  });
  await knex.raw('UPDATE users SET email_verified_at = created_at WHERE email IS NOT NULL');
  await knex.raw('UPDATE users SET phone_verified_at = created_at WHERE phone_number IS NOT NULL');

  // One-time secrets sent to a person: a password reset (link or code) or the confirmation of a
  // new e-mail address (link) or phone number (code). Only a SHA-256 of the secret is kept.
  await knex.schema.createTable('account_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('purpose').notNullable();
    t.text('channel').notNullable();
    // Where it was sent: the account's contact for a reset, the new contact for a confirmation.
    t.text('target').notNullable();
    t.text('secret_hash').notNullable().unique();
    // The SMS opt-in chosen with a new phone number, applied with it.
    t.boolean('sms_opt_in');
    // Wrong codes tried against this one; a code is dead past the limit.
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'purpose']);
    t.index(['expires_at']);
  });
  await knex.raw(
    "ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_known CHECK (purpose IN ('password_reset', 'email_confirm', 'phone_confirm'))",
  );
  await knex.raw(
    "ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_channel_known CHECK (channel IN ('email', 'sms'))",
  );

  // Numbers that answered STOP: nothing is texted to them until they answer START.
  await knex.schema.createTable('sms_opt_outs', (t) => {
    t.text('phone_number').primary();
    t.timestamp('opted_out_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('sms_opt_outs');
  await knex.schema.dropTable('account_tokens');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('phone_verified_at');
    t.dropColumn('email_verified_at');
  });
}
