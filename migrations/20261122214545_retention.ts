import type { Knex } from 'knex';

/**
 * Retention (the worker's hourly purge, `notifications/retention.ts`): scan events past their age
 * are folded into per-day counts here before they are deleted, so the number of scans of a label
 * on a given day outlives the rows. Keyed by the code's value (never re-used, and unlike its id it
 * survives the code's deletion) and the device type; `found_events` counts the scans that reached
 * an owner (a scan of someone else's item). No foreign keys: a count must not block a delete.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('scan_daily_counts', (t) => {
    t.date('day').notNullable();
    t.text('qr_value').notNullable();
    t.text('device_type').notNullable();
    t.integer('scans').notNullable();
    t.integer('found_events').notNullable();
    t.primary(['day', 'qr_value', 'device_type']);
  });
  // The purge finds expired sessions and old scans by time; without these it reads whole tables.
  await knex.schema.alterTable('sessions', (t) => t.index(['expires_at'], 'sessions_expires_at_index'));
  await knex.schema.alterTable('scan_events', (t) => t.index(['scanned_at'], 'scan_events_scanned_at_index'));
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('scan_events', (t) =>
    t.dropIndex(['scanned_at'], 'scan_events_scanned_at_index'),
  );
  await knex.schema.alterTable('sessions', (t) => t.dropIndex(['expires_at'], 'sessions_expires_at_index'));
  await knex.schema.dropTable('scan_daily_counts');
}
