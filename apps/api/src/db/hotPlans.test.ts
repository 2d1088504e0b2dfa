import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_SCANS } from '../services/finders/scanRecorder';
import { LOOKUP } from '../services/finders/publicItemFinder';
import { assignedItem } from '../testing/codeFactory';
import { migratedDatabase, testDbKind } from '../testing/testServer';
import type { Database } from './connection';
import { hotPoolOf } from './hotPool';
import { numberedPlaceholders } from './prepared';

// Prepared plans exist on PostgreSQL's hot pool only (the embedded database runs every hot
// statement as a plain parameterised query, planned for its values each time).
describe.skipIf(testDbKind() !== 'postgres')('hot statements (PostgreSQL only: prepared plans)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await migratedDatabase('postgres');
    // A young database: a few codes and scans, analysed, so the planner knows the tables are tiny
    // and a whole-table scan looks cheapest, the moment a prepared statement's plan is made.
    const owner = await db
      .knex('users')
      .insert({ email: 'plans@example.com', passwordHash: 'not-a-hash' })
      .returning('id');
    const codes: Awaited<ReturnType<typeof assignedItem>>[] = [];
    for (let i = 0; i < 5; i++) codes.push(await assignedItem(db.knex, owner[0]!.id as string));
    await db.knex('scanEvents').insert(
      Array.from({ length: 60 }, (_, i) => ({
        id: crypto.randomUUID(),
        qrCodeId: codes[i % 5]!.codeId,
        qrValue: codes[i % 5]!.code,
        scannedAt: new Date(),
        deviceType: 'mobile',
        deviceHash: crypto.randomUUID().replace(/-/g, ''),
      })),
    );
    await db.knex.raw('ANALYZE qr_codes, items, item_types, scan_events');
  });
  afterAll(async () => {
    await db.close();
  });

  /** The generic plan the hot pool keeps for `sql` once a prepared statement has run five times. */
  async function genericPlan(sql: string, types: string[]) {
    const client = await hotPoolOf(db.knex)!.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE plan_check(${types.join(', ')}) AS ${numberedPlaceholders(sql)}`);
      const empty = types.map(() => "'{}'").join(', ');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE plan_check(${empty})`);
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await client.query('DEALLOCATE ALL; RESET plan_cache_mode');
      client.release();
    }
  }

  it('rules out sequential scans on the hot pool', async () => {
    const { rows } = await hotPoolOf(db.knex)!.query<{ enable_seqscan: string }>('SHOW enable_seqscan');
    expect(rows[0]!.enable_seqscan).toBe('off');
  });

  it('records scans by index probes, even with a plan made while scan_events was tiny', async () => {
    const plan = await genericPlan(RECORD_SCANS, [
      'uuid[]',
      'text[]',
      'uuid[]',
      'timestamptz[]',
      ...Array<string>(9).fill('text[]'),
    ]);
    expect(plan).toMatch(/Index Scan using qr_codes_value_unique on qr_codes/);
    expect(plan).toMatch(/Index Scan using items_pkey on items/);
    expect(plan).toMatch(/Index Only Scan using \w+ on scan_events/);
    // (The statement's own CTEs may be joined by hash: they hold the batch, not a table.)
    expect(plan).not.toMatch(/Seq Scan on (qr_codes|items|scan_events)/);
  });

  it("looks up the finder's items by index probes", async () => {
    const plan = await genericPlan(LOOKUP, ['text[]']);
    expect(plan).toMatch(/Index Scan using qr_codes_value_unique on qr_codes/);
    expect(plan).toMatch(/Index Scan using items_pkey on items/);
    expect(plan).not.toMatch(/Seq Scan on (qr_codes|items)|Hash .*Join/);
  });
});
