import type { Knex } from 'knex';

/**
 * A finder's contact is confirmed before the owner's words are relayed to it:
 * `finder_email_confirmed_at` / `finder_phone_confirmed_at` are set when the link in the one
 * message sent to that contact is followed (a thread link minted for that message, whose
 * `confirms_contact` names the channel: 'email' or 'sms') or, for a finder who texted in, at once
 * (texting from the number proves it). Each contact on its own: following the e-mail's link does
 * not confirm a number given beside it. Reports already made count as confirmed: their
 * finders have been written to before, and stopping their replies now would cut conversations.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('found_reports', (t) => {
    t.timestamp('finder_email_confirmed_at', { useTz: true });
    t.timestamp('finder_phone_confirmed_at', { useTz: true });
  });
  await knex('found_reports').update({
    finder_email_confirmed_at: knex.ref('created_at'),
    finder_phone_confirmed_at: knex.ref('created_at'),
  });
  await knex.schema.alterTable('thread_links', (t) => {
    // Null for the finder's own page link; 'email' or 'sms' for the link sent to that contact.
    t.text('confirms_contact');
  });
  await knex.raw(
    `ALTER TABLE thread_links ADD CONSTRAINT thread_links_confirms_contact_check CHECK (confirms_contact IN ('email', 'sms'))`,
  );
}

/** Undoes up exactly: a rollback must leave the schema the previous migration made. */
export async function down(knex: Knex) {
  await knex.schema.alterTable('thread_links', (t) => {
    t.dropColumn('confirms_contact');
  });
  await knex.schema.alterTable('found_reports', (t) => {
    t.dropColumn('finder_email_confirmed_at');
    t.dropColumn('finder_phone_confirmed_at');
  });
}
