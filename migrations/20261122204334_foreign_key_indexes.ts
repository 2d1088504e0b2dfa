import type { Knex } from 'knex';

/**
 * PostgreSQL indexes a primary key and a unique column, never a foreign key by itself. These six
 * are read by their foreign key (and the parent's ON DELETE CASCADE / SET NULL scans them), so
 * without an index each such read walks the whole table, which grows with every scan, report and
 * notification. Checked against the earlier migrations: none of them had an index whose first
 * column is the key (`scan_events` leads with `item_id`, `pending_assignments` with `owner_id`).
 */
const INDEXES: readonly (readonly [table: string, column: string, why: string])[] = [
  ['notifications', 'user_id', "a user's notifications; deleting a user cascades here"],
  ['notifications', 'found_report_id', "a report's deliveries; deleting a report cascades here"],
  ['scan_events', 'qr_code_id', "a label's scans (analytics); deleting a code sets these to null"],
  ['pending_assignments', 'item_id', "an item's pending assignment; deleting an item cascades here"],
  ['gift_vouchers', 'user_id', "an owner's gift vouchers"],
  ['recoveries', 'item_id', "an item's last recovery (may it be marked recovered again?)"],
];

export async function up(knex: Knex) {
  for (const [table, column] of INDEXES) {
    await knex.schema.alterTable(table, (t) => t.index([column], `${table}_${column}_index`));
  }
}

export async function down(knex: Knex) {
  for (const [table, column] of [...INDEXES].reverse()) {
    await knex.schema.alterTable(table, (t) => t.dropIndex([column], `${table}_${column}_index`));
  }
}
