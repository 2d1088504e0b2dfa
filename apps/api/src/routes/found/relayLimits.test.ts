import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDER_DAILY_CAP, sentToFinderToday } from '../../notifications/outbox';
import { assignedItem } from '../../testing/codeFactory';
import { signUp, startTestServer, uniqueEmail, uniquePhone, type TestServer } from '../../testing/testServer';

// Homing relays nothing in bulk to a stranger (PRODUCT.md, Privacy): a finder's address and number are typed
// by whoever writes the report and never verified, so each gets a bounded number of messages a
// day, however many reports name it, from however many items and owners.

let server: TestServer;
beforeAll(async () => {
  // WORKER=0: the rows stay queued, so the test reads what would be sent.
  server = await startTestServer({
    WORKER: '0',
    REPORT_LIMIT_PER_ADDRESS: '1000',
    REPORT_LIMIT_PER_ITEM: '1000',
  });
});
afterAll(() => server.close());

const to = async (address: string) =>
  (await server.db.knex('notifications').where({ audience: 'finder' })).filter(
    (row: { payload: { to: string } }) => row.payload.to === address,
  );

describe('per-recipient daily caps on what a finder is sent', () => {
  it(`sends one address at most ${FINDER_DAILY_CAP.email} e-mails and one number at most ${FINDER_DAILY_CAP.sms} texts a day`, async () => {
    const victim = uniqueEmail('victim');
    const phone = `+1${uniquePhone()}`;
    const statuses: number[] = [];
    for (let i = 0; i < FINDER_DAILY_CAP.email + 4; i++) {
      // A new owner and item each time: the cap is the recipient's, not the report's.
      const owner = await signUp(server);
      const { code } = await assignedItem(server.db.knex, owner.user.id, { name: `Spam ${i}` });
      const res = await server.api('POST', `/api/found/${code}/report`, {
        body: { foundNotes: 'Found it', finderEmail: victim, finderPhone: phone },
      });
      statuses.push(res.status);
    }
    // Every report is stored and reaches its owner; only the finder's copies stop.
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect(await to(victim)).toHaveLength(FINDER_DAILY_CAP.email);
    expect(await to(phone)).toHaveLength(FINDER_DAILY_CAP.sms);
  });

  it('counts what one recipient was sent by an index, not by reading every finder message kept', async () => {
    const owner = await signUp(server);
    // Many finders' messages, as a busy instance keeps them for days.
    await server.db.knex.raw(
      `INSERT INTO notifications (user_id, channel, idempotency_key, audience, payload, status)
       SELECT ?, 'email', 'bulk-' || g || '-' || ?, 'finder',
              jsonb_build_object('to', 'finder' || g || '@example.com', 'text', 'x'), 'delivered'
       FROM generate_series(1, 3000) g`,
      [owner.user.id, Date.now()],
    );
    await server.db.knex.raw('ANALYZE notifications');
    const query = sentToFinderToday(server.db.knex, 'email', 'finder42@example.com');
    const { rows } = (await server.db.knex.raw(`EXPLAIN ${query.toString()}`)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('notifications_finder_recipient_index');
    expect(plan).not.toMatch(/Seq Scan on notifications/);
    expect(Number(((await query) as { n: number | string }).n)).toBe(1);
  });
});
