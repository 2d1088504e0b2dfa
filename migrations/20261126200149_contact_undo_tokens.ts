import type { Knex } from 'knex';

// An account's old address or number gets a link that undoes a change of contact (PRODUCT.md, Privacy):
// a new purpose of account token, 'contact_undo', whose target is the contact to restore.

export async function up(knex: Knex) {
  await knex.raw('ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_known');
  await knex.raw(
    "ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_known CHECK (purpose IN ('password_reset', 'email_confirm', 'phone_confirm', 'contact_undo'))",
  );
}

export async function down(knex: Knex) {
  await knex('account_tokens').where({ purpose: 'contact_undo' }).delete();
  await knex.raw('ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_known');
  await knex.raw(
    "ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_known CHECK (purpose IN ('password_reset', 'email_confirm', 'phone_confirm'))",
  );
}
