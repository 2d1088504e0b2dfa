import type { Knex } from 'knex';

export async function up(knex: Knex) {
  // The durable outbox: a report's notifications are written in the report's transaction, then
  // delivered by the worker with retries. Nothing is lost if a process dies mid-delivery.
  await knex.schema.createTable('notifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('found_report_id').references('found_reports.id').onDelete('CASCADE');
    t.text('channel').notNullable();
    // One delivery per (report, channel): a retried delivery reuses the key (Message-ID, SMS idempotency).
    t.text('idempotency_key').notNullable().unique();
    t.jsonb('payload').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // A worker leases a job until this time; a crashed worker's lease runs out and the job returns.
    t.timestamp('locked_until', { useTz: true });
    t.text('last_error');
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_channel_known CHECK (channel IN ('email', 'sms'))",
  );
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_status_known CHECK (status IN ('pending', 'delivered', 'failed'))",
  );
  // The worker's poll: due, undelivered jobs in order.
  await knex.raw(
    "CREATE INDEX notifications_due ON notifications (next_attempt_at) WHERE status = 'pending'",
  );

  await knex.schema.createTable('notification_attempts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('notification_id').notNullable().references('notifications.id').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.boolean('ok').notNullable();
    t.text('error');
    t.text('provider_id');
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['notification_id']);
  });

  await knex.schema.createTable('recoveries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.uuid('found_report_id').notNullable().unique().references('found_reports.id').onDelete('CASCADE');
    t.timestamp('recovered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('gift_vouchers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('code').notNullable().unique();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // One gift per recovery.
    t.uuid('recovery_id').notNullable().unique().references('recoveries.id').onDelete('CASCADE');
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('redeemed_at', { useTz: true });
  });
}

export async function down(knex: Knex) {
  for (const table of ['gift_vouchers', 'recoveries', 'notification_attempts', 'notifications'])
    await knex.schema.dropTable(table);
}
