import crypto from 'node:crypto';
import type { Knex } from 'knex';

// As apps/api/src/lib/senderKeys.ts hashes them (a migration keeps its own copy: it must not
// change when the app's code does).
const hash = (kind: string, value: string) =>
  crypto.createHash('sha256').update(`homing-sender:${kind}:${value}`).digest('hex');
const emailHash = (email: string | null) => {
  const e = (email ?? '').trim().toLowerCase();
  return e ? hash('email', e) : null;
};
const phoneHash = (phone: string | null) => {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits ? hash('phone', `+${digits}`) : null;
};

// Rows read through the app's knex come back in camelCase (objection's snake-case mappers).

/**
 * Blocking blocks a person, not a network (PRODUCT.md, Conversations): a report keeps the hashes of its finder's
 * device id and of the e-mail and number they gave, and an owner's block holds those hashes
 * (`sender_hash`) instead of a client address, which a shared Wi-Fi or a carrier's shared address
 * gives to strangers. Existing blocks become blocks of their report's e-mail and number (no device
 * id was kept before this); their address rows go. No index on the new columns: they are read
 * from a report already found, and looked up in blocked_senders by its (owner_id, sender_hash)
 * unique index.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('found_reports', (t) => {
    t.text('device_hash');
    t.text('email_hash');
    t.text('phone_hash');
  });
  let after = '';
  for (;;) {
    const rows = (await knex('found_reports')
      .where('id', '>', after || '00000000-0000-0000-0000-000000000000')
      .where((q) => q.whereNot('finder_email', '').orWhereNot('finder_phone', ''))
      .orderBy('id')
      .limit(500)
      .select('id', 'finder_email', 'finder_phone')) as {
      id: string;
      finderEmail: string | null;
      finderPhone: string | null;
    }[];
    if (!rows.length) break;
    for (const r of rows)
      await knex('found_reports')
        .where({ id: r.id })
        .update({ email_hash: emailHash(r.finderEmail), phone_hash: phoneHash(r.finderPhone) });
    after = rows.at(-1)!.id;
  }

  const blocks = (await knex('blocked_senders as b')
    .join('found_reports as r', 'r.id', 'b.found_report_id')
    .select('b.owner_id', 'b.found_report_id', 'b.created_at', 'r.email_hash', 'r.phone_hash')) as {
    ownerId: string;
    foundReportId: string;
    createdAt: Date;
    emailHash: string | null;
    phoneHash: string | null;
  }[];
  await knex('blocked_senders').del();
  await knex.schema.alterTable('blocked_senders', (t) => {
    t.renameColumn('address_hash', 'sender_hash');
  });
  for (const b of blocks)
    for (const key of [b.emailHash, b.phoneHash])
      if (key)
        await knex('blocked_senders')
          .insert({
            owner_id: b.ownerId,
            sender_hash: key,
            found_report_id: b.foundReportId,
            created_at: b.createdAt,
          })
          .onConflict(['owner_id', 'sender_hash'])
          .ignore();
}

/** Undoes up: blocks go back to their report's client address (a device or contact has none). */
export async function down(knex: Knex) {
  const blocks = (await knex('blocked_senders as b')
    .join('found_reports as r', 'r.id', 'b.found_report_id')
    .whereNotNull('r.reporter_address_hash')
    .distinct('b.owner_id', 'b.found_report_id', 'r.reporter_address_hash')) as {
    ownerId: string;
    foundReportId: string;
    reporterAddressHash: string;
  }[];
  await knex('blocked_senders').del();
  await knex.schema.alterTable('blocked_senders', (t) => {
    t.renameColumn('sender_hash', 'address_hash');
  });
  for (const b of blocks)
    await knex('blocked_senders')
      .insert({ owner_id: b.ownerId, address_hash: b.reporterAddressHash, found_report_id: b.foundReportId })
      .onConflict(['owner_id', 'address_hash'])
      .ignore();
  await knex.schema.alterTable('found_reports', (t) => {
    t.dropColumn('device_hash');
    t.dropColumn('email_hash');
    t.dropColumn('phone_hash');
  });
}
