import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../apps/api/src/db/connection';
import { migrateLatest } from '../apps/api/src/db/connection';
import { senderKeys } from '../apps/api/src/lib/senderKeys';
import { freshDatabase } from '../apps/api/src/testing/testServer';
import { migrationSource } from './index';

const NAME = '20261126224827_block_finder_by_device_and_contact.ts';

describe(`migration ${NAME}`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase();
    await migrateLatest(db.knex);
  });
  afterAll(() => db?.close());

  it('turns an address block into a block of its report’s e-mail and number, and down turns it back', async () => {
    await db.knex.migrate.down({ migrationSource, name: NAME });
    const [owner] = await db
      .knex('users')
      .insert({ email: 'owner@example.com', passwordHash: 'x' })
      .returning('*');
    const [report] = await db
      .knex('found_reports')
      .insert({
        owner_id: owner.id,
        message: 'Spam',
        found_at: new Date(),
        finder_email: ' Spam@Example.com',
        finder_phone: '+15557000999',
        reporter_address_hash: 'an-address',
      })
      .returning('*');
    await db
      .knex('blocked_senders')
      .insert({ owner_id: owner.id, address_hash: 'an-address', found_report_id: report.id });

    await db.knex.migrate.up({ migrationSource, name: NAME });
    const keys = senderKeys({ email: 'spam@example.com', phone: '+15557000999' });
    const stored = await db.knex('found_reports').where({ id: report.id }).first();
    expect(stored).toMatchObject({ emailHash: keys.emailHash, phoneHash: keys.phoneHash, deviceHash: null });
    const blocks = await db.knex('blocked_senders').where({ owner_id: owner.id }).pluck('sender_hash');
    expect(blocks.toSorted()).toEqual([keys.emailHash, keys.phoneHash].toSorted());

    await db.knex.migrate.down({ migrationSource, name: NAME });
    expect(await db.knex('blocked_senders').where({ owner_id: owner.id }).pluck('address_hash')).toEqual([
      'an-address',
    ]);
    expect(await db.knex.schema.hasColumn('found_reports', 'email_hash')).toBe(false);
    await db.knex.migrate.up({ migrationSource, name: NAME });
  });
});
