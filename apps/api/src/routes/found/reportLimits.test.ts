import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_REPORTS_ITEM } from '../../lib/limitRules';
import { assignedItem } from '../../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

const HOLD_AFTER = 5;

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  // TRUST_PROXY=1: each request says which address it comes from in X-Forwarded-For.
  server = await startTestServer({
    WORKER: '0',
    TRUST_PROXY: '1',
    REPORT_HOLD_AFTER_PER_ITEM: String(HOLD_AFTER),
  });
  owner = await signUp(server);
});
afterAll(async () => {
  await server.close();
});

const send = (code: string, address: string, foundNotes = 'Found them on the bus') =>
  server.api<{ data: { reportId: string } }>('POST', `/api/found/${code}/report`, {
    body: { foundNotes, finderPhone: '+15551230000' },
    headers: { 'X-Forwarded-For': address },
  });

describe('report limits that protect the owner, not silence them', () => {
  it("lets a finder from another address report after one sender's junk hit its limit", async () => {
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    const junk = [];
    for (let i = 0; i < 4; i++) junk.push((await send(code, '203.0.113.10', `junk ${i}`)).status);
    expect(junk).toEqual([201, 201, 201, 429]);
    expect((await send(code, '203.0.113.10', 'junk again')).body.error).toBe(TOO_MANY_REPORTS_ITEM);

    const real = await send(code, '198.51.100.20', 'Your keys are at the front desk');
    expect(real.status).toBe(201);
  });

  it('stores reports past the item ceiling but holds them for one digest instead of a message each', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Blue umbrella' });
    for (let i = 0; i < HOLD_AFTER + 3; i++) expect((await send(code, `192.0.2.${i}`)).status).toBe(201);

    const reports = await server.db.knex('foundReports').where({ itemId }).orderBy('createdAt');
    expect(reports.map((r: { held: boolean }) => r.held)).toEqual([
      ...Array(HOLD_AFTER).fill(false),
      true,
      true,
      true,
    ]);
    const mails = await server.db
      .knex('notifications')
      .whereIn(
        'foundReportId',
        reports.map((r: { id: string }) => r.id),
      )
      .where({ channel: 'email' })
      .whereNull('escalationStep'); // reminders, due later: escalation.test.ts
    // One e-mail per report up to the ceiling, then one digest for all the held ones.
    expect(mails).toHaveLength(HOLD_AFTER + 1);
    const digest = mails.find((m: { idempotencyKey: string }) => m.idempotencyKey.startsWith('digest-'));
    expect(digest.payload.subject).toContain('more messages about your Blue umbrella');
    expect(new Date(digest.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());

    // The owner still sees every report.
    const listed = await server.api<{ data: unknown }>('GET', '/api/users/me/found-reports', {
      token: owner.token,
    });
    expect(JSON.stringify(listed.body)).toContain(reports[HOLD_AFTER + 2].id);
  });
});
