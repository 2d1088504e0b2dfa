import type { Knex } from 'knex';

/**
 * A finder's contact is confirmed before the owner's words are relayed to it (issue 27, item 4):
 * `finder_contact_confirmed_at` is set when the link in the one message sent to it is followed
 * (a thread link minted for that message, `confirms_contact`) or, for a finder who texted in, at
 * once (texting from the number proves it). Reports already made count as confirmed: their
 * finders have been written to before, and stopping their replies now would cut conversations.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('found_reports', (t) => {
    t.timestamp('finder_contact_confirmed_at', { useTz: true });
  });
  await knex('found_reports').update({ finder_contact_confirmed_at: knex.ref('created_at') });
  await knex.schema.alterTable('thread_links', (t) => {
    t.boolean('confirms_contact').notNullable().defaultTo(false);
  });
}

/** Undoes up exactly: a rollback must leave the schema the previous migration made. */
export async function down(knex: Knex) {
  await knex.schema.alterTable('thread_links', (t) => {
    t.dropColumn('confirms_contact');
  });
  await knex.schema.alterTable('found_reports', (t) => {
    t.dropColumn('finder_contact_confirmed_at');
  });
}
