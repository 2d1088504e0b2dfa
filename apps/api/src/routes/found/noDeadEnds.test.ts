import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem, giveCode, makeSet } from '../../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

// A finder never meets a dead end: a claimed label with no item (never attached, or its item
// deleted) still reaches its owner. Labels nobody claimed and items switched off take no message.

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer({ WORKER: '0' });
  owner = await signUp(server);
});
afterAll(async () => {
  await server.close();
});

const send = (code: string, foundNotes = 'Found this tag on a bench') =>
  server.api<{ data: { reportId: string } }>('POST', `/api/found/${code}/report`, {
    body: { foundNotes, finderPhone: '+15551230000' },
  });

interface Reports {
  data: {
    reports: { id: string; item: { id: string | null; name: string }; message: string }[];
    totalCount: number;
  };
}

describe('messages about a label with no item', () => {
  it('reach the owner of a claimed, unattached label, listed as "Label … (not attached)"', async () => {
    const { codes } = await makeSet(server, { count: 1 });
    const code = codes[0]!;
    await giveCode(server.db.knex, code.id, owner.user.id);

    // The finder's page still says "Item not found or inactive", with an id that offers the form.
    const page = await server.api('GET', `/api/found/${code.value}`);
    expect(page.status).toBe(404);
    expect(page.body).toMatchObject({ error: 'Item not found or inactive', code: 'label_unattached' });

    const res = await send(code.value.toLowerCase());
    expect(res.status).toBe(201);
    const row = await server.db.knex('foundReports').where({ id: res.body.data.reportId }).first();
    expect(row).toMatchObject({ itemId: null, qrCodeId: code.id, ownerId: owner.user.id });
    // The owner's own alert (the finder, who gave a number, is also texted their conversation
    // link; the escalation reminder, due later, is escalation.test.ts's).
    const jobs = await server.db
      .knex('notifications')
      .where({ foundReportId: row.id, audience: 'owner' })
      .whereNull('escalationStep');
    expect(jobs.map((j) => j.channel)).toEqual(['email']);
    expect(JSON.stringify(jobs[0].payload)).toContain(`Label ${code.value} (not attached)`);

    const reports = await server.api<Reports>('GET', '/api/users/me/found-reports', { token: owner.token });
    expect(reports.status).toBe(200);
    expect(reports.body.data.reports.find((r) => r.id === row.id)).toMatchObject({
      item: { id: null, name: `Label ${code.value} (not attached)` },
      message: 'Found this tag on a bench',
    });
    const dashboard = await server.api<{ data: { foundReports: { id: string }[] } }>(
      'GET',
      '/api/users/me/data',
      { token: owner.token },
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.data.foundReports.map((r) => r.id)).toContain(row.id);
  });

  it('reach the owner of a label whose item was deleted', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Old scooter' });
    const deleted = await server.api('DELETE', `/api/items/${itemId}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    const res = await send(code, 'Your old tag is on my gate');
    expect(res.status).toBe(201);
    expect(await server.db.knex('foundReports').where({ id: res.body.data.reportId }).first()).toMatchObject({
      itemId: null,
      ownerId: owner.user.id,
    });
    // Someone else's list never shows it.
    const other = await signUp(server);
    const theirs = await server.api<Reports>('GET', '/api/users/me/found-reports', { token: other.token });
    expect(theirs.body.data.totalCount).toBe(0);
  });

  it('open a conversation like any report: both sides write, and once closed the finder gets a 409', async () => {
    const { codes } = await makeSet(server, { count: 1 });
    await giveCode(server.db.knex, codes[0]!.id, owner.user.id);
    const res = await server.api<{ data: { reportId: string; threadPath: string } }>(
      'POST',
      `/api/found/${codes[0]!.value}/report`,
      { body: { foundNotes: 'Tag on a park bench' }, headers: { 'X-Forwarded-For': '203.0.113.240' } },
    );
    expect(res.status).toBe(201);
    const { reportId, threadPath } = res.body.data;
    const name = `Label ${codes[0]!.value} (not attached)`;
    const finderView = await server.api<{ data: { item: { name: string }; open: boolean } }>(
      'GET',
      `/api${threadPath}`,
    );
    expect(finderView.status, JSON.stringify(finderView.body)).toBe(200);
    // The finder reads it as their label, not as the owner's list names it.
    const printed = `${codes[0]!.value.slice(0, 5)} ${codes[0]!.value.slice(5)}`;
    expect(finderView.body.data).toMatchObject({ item: { name: `the label ${printed}` }, open: true });

    const reply = await server.api<{ data: { thread: { item: { id: string | null; name: string } } } }>(
      'POST',
      `/api/reports/${reportId}/messages`,
      { token: owner.token, body: { text: 'Thank you! Where is the bench?' } },
    );
    expect(reply.status).toBe(201);
    expect(reply.body.data.thread.item).toEqual({ id: null, name });
    const more = await server.api('POST', `/api${threadPath}/messages`, {
      body: { text: 'By the pond.' },
      headers: { 'X-Forwarded-For': '203.0.113.240' },
    });
    expect(more.status).toBe(201);

    const closed = await server.api('POST', `/api/reports/${reportId}/close`, {
      token: owner.token,
      body: { block: false },
    });
    expect(closed.status).toBe(200);
    // The finder's page reads it closed, and why.
    const after = await server.api<{ data: { open: boolean; closedReason: string | null } }>(
      'GET',
      `/api${threadPath}`,
    );
    expect(after.body.data).toMatchObject({ open: false, closedReason: 'closed' });
    const refused = await server.api('POST', `/api${threadPath}/messages`, {
      body: { text: 'Hello?' },
      headers: { 'X-Forwarded-For': '203.0.113.240' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'thread_closed' });
  });

  it('refuses a switched-off item and a label nobody claimed (404, nothing stored)', async () => {
    const off = await assignedItem(server.db.knex, owner.user.id, { status: 'inactive' });
    const { codes } = await makeSet(server, { count: 1 });
    const before = Number((await server.db.knex('foundReports').count({ n: '*' }))[0]!.n);
    for (const code of [off.code, codes[0]!.value, 'NOSUCHCODE9']) {
      const res = await send(code);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'Item not found or inactive' });
    }
    const page = await server.api('GET', `/api/found/${off.code}`);
    expect(page.body).toMatchObject({ code: 'not_found' });
    expect(Number((await server.db.knex('foundReports').count({ n: '*' }))[0]!.n)).toBe(before);
  });
});
