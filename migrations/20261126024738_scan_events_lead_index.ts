import type { Knex } from 'knex';

/**
 * `scan_events(qr_code_id)` (20261122204334) became redundant with lost mode's
 * `(qr_code_id, device_hash, created_at)` (20261125122752): that index leads with the same key and
 * serves a label's scans and the code's ON DELETE SET NULL alike. Every scan stored paid for both;
 * now it pays for one.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('scan_events', (t) =>
    t.dropIndex(['qr_code_id'], 'scan_events_qr_code_id_index'),
  );
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('scan_events', (t) => t.index(['qr_code_id'], 'scan_events_qr_code_id_index'));
}
