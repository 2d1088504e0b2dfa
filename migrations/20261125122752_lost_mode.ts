import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // Lost mode: the owner says the item is missing (maybe stolen), with a message and an optional
  // reward for finders; lost_at set means lost. Marking the item recovered clears it.
  await knex.schema.alterTable('items', (t) => {
    t.timestamp('lost_at', { useTz: true });
    t.text('lost_message');
    t.text('lost_reward');
    t.boolean('lost_stolen').notNullable().defaultTo(false);
  });

  // A finder may message the owner of a label with no item (never attached, or its item deleted):
  // such a report names the label and its owner, and no item. Every report now names its owner,
  // so the owner's lists read one indexed column whether or not an item is attached.
  await knex.schema.alterTable('found_reports', (t) => {
    t.uuid('owner_id').references('users.id').onDelete('CASCADE');
  });
  await knex.raw('UPDATE found_reports r SET owner_id = i.owner_id FROM items i WHERE i.id = r.item_id');
  await knex.raw('ALTER TABLE found_reports ALTER COLUMN owner_id SET NOT NULL');
  await knex.raw('ALTER TABLE found_reports ALTER COLUMN item_id DROP NOT NULL');
  // The owner's report lists and dashboard, newest first.
  await knex.schema.alterTable('found_reports', (t) => t.index(['owner_id', 'created_at']));

  // Repeated page loads by one device within minutes count as one scan: the finder page's
  // first-party device id, hashed. The recorder asks "this code, this device, lately?".
  await knex.schema.alterTable('scan_events', (t) => {
    t.text('device_hash');
    t.index(['qr_code_id', 'device_hash', 'created_at']);
  });

  // A scan of a lost item alerts the owner at once; such alerts are urgent (no report behind them):
  // `notifications.urgent` comes from the owner-settings migration.
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('scan_events', (t) => {
    t.dropIndex(['qr_code_id', 'device_hash', 'created_at']);
    t.dropColumn('device_hash');
  });
  // Reports without an item cannot exist in the older schema.
  await knex('found_reports').whereNull('item_id').delete();
  await knex.raw('ALTER TABLE found_reports ALTER COLUMN item_id SET NOT NULL');
  await knex.schema.alterTable('found_reports', (t) => {
    t.dropIndex(['owner_id', 'created_at']);
    t.dropColumn('owner_id');
  });
  await knex.schema.alterTable('items', (t) => {
    for (const c of ['lost_at', 'lost_message', 'lost_reward', 'lost_stolen']) t.dropColumn(c);
  });
}
