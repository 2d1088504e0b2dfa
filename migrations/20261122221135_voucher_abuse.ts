import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // Who sent a finder report, so the owner's own reports never earn a gift: the signed-in viewer
  // (if any) and a SHA-256 of the client address (compared for equality, never shown).
  await knex.schema.alterTable('found_reports', (t) => {
    t.uuid('reporter_id').references('users.id').onDelete('SET NULL');
    t.text('reporter_address_hash');
    t.index(['reporter_id']);
  });
  // An admin voids a farmed voucher; the owner then sees it as void.
  await knex.schema.alterTable('gift_vouchers', (t) => {
    t.timestamp('voided_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('gift_vouchers', (t) => t.dropColumn('voided_at'));
  await knex.schema.alterTable('found_reports', (t) => {
    t.dropIndex(['reporter_id']);
    t.dropColumn('reporter_address_hash');
    t.dropColumn('reporter_id');
  });
}
