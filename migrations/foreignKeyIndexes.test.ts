import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../apps/api/src/db/connection';
import { migrateLatest, rollback } from '../apps/api/src/db/connection';
import { freshDatabase } from '../apps/api/src/testing/testServer';

const KEYS = [
  'gift_vouchers(user_id)',
  'notifications(found_report_id)',
  'notifications(user_id)',
  'pending_assignments(item_id)',
  'recoveries(item_id)',
  'scan_events(qr_code_id)',
];

/** These keys that lead an index (its first column: the index serves reads by the key alone), as "table(column)". */
async function indexedKeys(db: Database): Promise<string[]> {
  const { rows } = (await db.knex.raw(`
    SELECT DISTINCT t.relname AS table, a.attname AS column
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
    WHERE t.relname IN ('notifications', 'scan_events', 'pending_assignments', 'gift_vouchers', 'recoveries')
  `)) as { rows: { table: string; column: string }[] };
  return rows
    .map((row) => `${row.table}(${row.column})`)
    .filter((key) => KEYS.includes(key))
    .sort();
}

/** The indexes of a table, by name. */
async function indexNames(db: Database, table: string): Promise<string[]> {
  const { rows } = (await db.knex.raw('SELECT indexname FROM pg_indexes WHERE tablename = ? ORDER BY 1', [
    table,
  ])) as { rows: { indexname: string }[] };
  return rows.map((row) => row.indexname);
}

describe('migration 20261122204334_foreign_key_indexes', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase();
    await migrateLatest(db.knex);
  });
  afterAll(() => db?.close());

  it('indexes every queried foreign key, and down removes exactly those indexes', async () => {
    expect(await indexedKeys(db)).toEqual(KEYS);
    const undone = await rollback(db.knex);
    expect(undone).toContain('20261122204334_foreign_key_indexes.ts');
    expect(await indexedKeys(db)).toEqual([]);
    expect(await migrateLatest(db.knex)).toContain('20261122204334_foreign_key_indexes.ts');
    expect(await indexedKeys(db)).toEqual(KEYS);
  });

  it("keeps one index led by scan_events' qr_code_id: lost mode's, which serves it too", async () => {
    expect(await indexNames(db, 'scan_events')).toEqual([
      'scan_events_item_id_scanned_at_index',
      'scan_events_pkey',
      'scan_events_qr_code_id_device_hash_created_at_index',
      'scan_events_scanned_at_index',
    ]);
  });
});
