import type { Knex } from 'knex';

/**
 * The gift explained (PRODUCT.md, Recovery): a voucher has an expiry date, and the instance's admins say what the
 * gift is, how and where to redeem it, how long a voucher lasts and how many an account may get in a
 * month. One row (id 1); until an admin saves it, the service's defaults apply. No personal data.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('gift_vouchers', (t) => {
    t.timestamp('expires_at', { useTz: true });
  });
  // Vouchers issued before expiry existed get the default year.
  await knex.raw("UPDATE gift_vouchers SET expires_at = issued_at + interval '365 days'");
  await knex.raw('ALTER TABLE gift_vouchers ALTER COLUMN expires_at SET NOT NULL');
  // The monthly cap counts an account's vouchers by issue time.
  await knex.schema.alterTable('gift_vouchers', (t) => t.index(['user_id', 'issued_at']));

  await knex.schema.createTable('gift_settings', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.text('description').notNullable();
    t.text('how_to_redeem').notNullable();
    t.text('redeem_url');
    t.integer('valid_days').notNullable();
    t.integer('monthly_limit').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // One row: the instance's settings.
  await knex.raw('ALTER TABLE gift_settings ADD CONSTRAINT gift_settings_one_row CHECK (id = 1)');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('gift_settings');
  await knex.schema.alterTable('gift_vouchers', (t) => {
    t.dropIndex(['user_id', 'issued_at']);
    t.dropColumn('expires_at');
  });
}
