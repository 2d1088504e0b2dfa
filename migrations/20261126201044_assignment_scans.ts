import type { Knex } from 'knex';

// The label an owner's scan offered for a pending assignment (PRODUCT.md, Privacy): completing the assignment
// with a code nobody owns needs that scan, so the completion cannot be used to guess codes.

export async function up(knex: Knex) {
  await knex.schema.alterTable('pending_assignments', (t) => {
    t.uuid('scanned_qr_code_id').references('qr_codes.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('pending_assignments', (t) => {
    t.dropColumn('scanned_qr_code_id');
  });
}
