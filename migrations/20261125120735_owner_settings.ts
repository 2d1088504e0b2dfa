import type { Knex } from 'knex';

/**
 * Owner settings (PRODUCT.md, Notifications): notification preferences with quiet hours, an `urgent` flag on the
 * outbox that quiet hours may let through, a `suppressed` outcome for a job whose channel the owner
 * muted, and when and from what a session was last used (the settings' sign-in list).
 */
export async function up(knex: Knex) {
  // One row per owner who changed anything; an owner without one has the defaults (all on, no quiet hours).
  // SMS on or off is `users.sms_opt_in` (the consent given at sign-up), not a column here.
  await knex.schema.createTable('notification_preferences', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.boolean('email').notNullable().defaultTo(true);
    t.boolean('browser').notNullable().defaultTo(true);
    t.boolean('quiet_hours').notNullable().defaultTo(false);
    // Minutes after local midnight in `time_zone` (an IANA name); start > end spans midnight.
    t.integer('quiet_start')
      .notNullable()
      .defaultTo(22 * 60);
    t.integer('quiet_end')
      .notNullable()
      .defaultTo(7 * 60);
    t.text('time_zone').notNullable().defaultTo('UTC');
    t.boolean('urgent_breaks_through').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_minutes CHECK (quiet_start BETWEEN 0 AND 1439 AND quiet_end BETWEEN 0 AND 1439)',
  );

  await knex.schema.alterTable('notifications', (t) => {
    // Lost-mode scans and thread messages set it: the owner may let them through quiet hours.
    t.boolean('urgent').notNullable().defaultTo(false);
  });
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_status_known');
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_status_known CHECK (status IN ('pending', 'delivered', 'failed', 'suppressed'))",
  );

  await knex.schema.alterTable('sessions', (t) => {
    t.timestamp('last_used_at', { useTz: true });
    t.text('user_agent');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('user_agent');
    t.dropColumn('last_used_at');
  });
  await knex('notifications').where({ status: 'suppressed' }).update({ status: 'failed' });
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_status_known');
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_status_known CHECK (status IN ('pending', 'delivered', 'failed'))",
  );
  await knex.schema.alterTable('notifications', (t) => t.dropColumn('urgent'));
  await knex.schema.dropTable('notification_preferences');
}
