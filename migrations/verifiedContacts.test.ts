import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../apps/api/src/db/connection';
import { migrateLatest } from '../apps/api/src/db/connection';
import { freshDatabase } from '../apps/api/src/testing/testServer';
import { migrationSource } from './index';

const NAME = '20261125120644_verified_contacts.ts';

describe(`migration ${NAME}`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase();
    await migrateLatest(db.knex);
  });
  afterAll(() => db?.close());

  it('counts the contacts of accounts made before it as confirmed, and down removes what it added', async () => {
    await db.knex.migrate.down({ migrationSource, name: NAME });
    expect(await db.knex.schema.hasTable('account_tokens')).toBe(false);
    expect(await db.knex.schema.hasColumn('users', 'email_verified_at')).toBe(false);
    const [byEmail] = await db
      .knex('users')
      .insert({ email: 'old@example.com', passwordHash: 'x' })
      .returning('*');
    const [byPhone] = await db
      .knex('users')
      .insert({ phoneNumber: '+15550100001', passwordHash: 'x', smsOptIn: true })
      .returning('*');

    await db.knex.migrate.up({ migrationSource, name: NAME });
    const email = await db.knex('users').where({ id: byEmail.id }).first();
    const phone = await db.knex('users').where({ id: byPhone.id }).first();
    expect(email.emailVerifiedAt).toEqual(email.createdAt);
    expect(email.phoneVerifiedAt).toBeNull();
    expect(phone.phoneVerifiedAt).toEqual(phone.createdAt);
    expect(phone.emailVerifiedAt).toBeNull();
    expect(await db.knex.schema.hasTable('sms_opt_outs')).toBe(true);
  });
});
