import type { Knex } from 'knex';

export async function up(knex: Knex) {
  await knex.schema.createTable('qr_code_sets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable().defaultTo('');
    // Children of a split point at their parent; a parent cannot go while children exist.
    t.uuid('parent_set_id').references('qr_code_sets.id').onDelete('RESTRICT');
    t.text('template_id').notNullable();
    // The set's grid (spec: 80 → 10×8, 32 → 8×4, else ceil(sqrt n) columns); a child keeps its
    // parent's columns and covers rows first_row .. first_row + rows - 1 of the parent's grid.
    t.integer('rows').notNullable();
    t.integer('columns').notNullable();
    t.integer('first_row').notNullable().defaultTo(0);
    t.boolean('is_printed').notNullable().defaultTo(false);
    t.timestamp('printed_at', { useTz: true });
    t.boolean('is_released').notNullable().defaultTo(false);
    t.timestamp('released_at', { useTz: true });
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.index(['parent_set_id']);
  });

  await knex.schema.createTable('items', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('item_type_id').notNullable().references('item_types.id');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('photo_key');
    // active: finders can reach the owner; inactive: the label says so; recovered: found and home.
    t.text('status').notNullable().defaultTo('active');
    t.timestamp('recovered_at', { useTz: true });
    t.timestamps(true, true);
    // My Items pages newest first.
    t.index(['owner_id', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE items ADD CONSTRAINT items_status_known CHECK (status IN ('active', 'inactive', 'recovered'))",
  );

  await knex.schema.createTable('qr_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Upper-case, from an alphabet without look-alikes; lookups upper-case their input.
    t.text('value').notNullable().unique();
    t.uuid('set_id').notNullable().references('qr_code_sets.id').onDelete('CASCADE');
    // Row and column in the top-level set's grid; kept through splits, so sheets print in order.
    t.integer('grid_row').notNullable();
    t.integer('grid_column').notNullable();
    t.uuid('owner_id').references('users.id').onDelete('SET NULL');
    t.timestamp('claimed_at', { useTz: true });
    // One label per item: an item has at most one code.
    t.uuid('item_id').unique().references('items.id').onDelete('SET NULL');
    t.timestamp('assigned_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['set_id', 'grid_row', 'grid_column']);
    t.index(['owner_id']);
  });

  await knex.schema.createTable('pending_assignments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('completed_at', { useTz: true });
    t.uuid('qr_code_id').references('qr_codes.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The scan looks up the owner's newest live assignment.
    t.index(['owner_id', 'created_at']);
  });

  await knex.schema.createTable('scan_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('qr_code_id').references('qr_codes.id').onDelete('SET NULL');
    t.uuid('item_id').references('items.id').onDelete('SET NULL');
    t.text('qr_value').notNullable();
    t.timestamp('scanned_at', { useTz: true }).notNullable();
    t.text('device_type');
    t.text('platform');
    t.text('language');
    t.text('timezone');
    t.text('connection_type');
    t.text('screen_size');
    t.text('referrer');
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Dashboard "recent found events" per item, newest first.
    t.index(['item_id', 'scanned_at']);
  });

  await knex.schema.createTable('found_reports', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.uuid('qr_code_id').references('qr_codes.id').onDelete('SET NULL');
    t.text('finder_name').notNullable().defaultTo('');
    t.text('finder_phone').notNullable().defaultTo('');
    t.text('finder_email').notNullable().defaultTo('');
    t.text('message').notNullable();
    t.decimal('latitude', 7, 4);
    t.decimal('longitude', 7, 4);
    t.text('address');
    t.timestamp('found_at', { useTz: true }).notNullable();
    t.jsonb('report_metadata');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['item_id', 'created_at']);
  });
}

export async function down(knex: Knex) {
  for (const table of [
    'found_reports',
    'scan_events',
    'pending_assignments',
    'qr_codes',
    'items',
    'qr_code_sets',
  ])
    await knex.schema.dropTable(table);
}
