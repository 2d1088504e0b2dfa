import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SETTINGS_MESSAGES } from '@homing/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA } from '../../services/accounts/personalData';
import { assignedItem, giveCode, makeItem, makeSet, postMultipart } from '../../testing/codeFactory';
import { WAIT_MS } from '../../testing/patience';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-delete-'));
  server = await startTestServer({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const from = (address: string) => ({ 'X-Forwarded-For': address });
// Each owner's own words and contacts, so one test's owner is not mistaken for another's.
let made = 0;
const marks = () => {
  const n = ++made;
  return {
    NAME: `Zebulon Quartermaine ${n}`,
    PHONE: `+1555000987${n}`,
    FINDER: {
      name: `Finder Fenwick ${n}`,
      email: `fenwick.finder${n}@example.org`,
      phone: `+1555000123${n}`,
    },
    MESSAGE: `Found your ochre satchel under bench ${n}4`,
    REPLY: `Thank you, I will come by at noon ${n}`,
    FINDER_ANSWER: `Noon is fine, I will be at the gate ${n}`,
    ITEM_NAME: `Ochre satchel ${n}`,
  };
};

/** An owner with one of everything: profile, phone, sessions, preferences, items, photo, labels, scans, reports, a voucher, notifications. */
async function ownerWithEverything() {
  const m = marks();
  const { NAME, PHONE, FINDER, MESSAGE, REPLY, FINDER_ANSWER, ITEM_NAME } = m;
  const owner = await signUp(server);
  const { user, token, email, password } = owner;
  await server.api('PUT', '/api/users/me/profile', { token, body: { name: NAME } });
  await server.db.knex('users').where({ id: user.id }).update({ phoneNumber: PHONE });
  await server.api('PUT', '/api/users/me/notification-preferences', {
    token,
    body: {
      email: true,
      sms: false,
      browser: true,
      quietHours: { enabled: true, start: '21:00', end: '06:00', timeZone: 'America/Chicago' },
      urgentBreaksThrough: true,
    },
  });
  const second = await server.api('POST', '/api/auth/login', {
    body: { identifier: email, password },
    headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0' },
  });
  expect(second.status).toBe(200);
  // A failed login leaves counters keyed by the e-mail.
  await server.api('POST', '/api/auth/login', { body: { identifier: email, password: 'wrong one' } });

  const item = await makeItem(server, token, { name: ITEM_NAME });
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
  const photo = await postMultipart(server, `/api/items/${item.id}/photo`, {
    token,
    file: { name: 'satchel.jpg', body: jpeg },
  });
  expect(photo.status).toBe(200);
  const photoUrl = (photo.body.data as { item: { photoUrl: string } }).item.photoUrl;
  const { codes } = await makeSet(server, { count: 2, released: true });
  await giveCode(server, codes[0]!.id, user.id, item.id);
  await giveCode(server, codes[1]!.id, user.id);

  await server.api('POST', '/api/analytics/scan', {
    body: { qrCode: codes[0]!.value },
    headers: from('203.0.113.7'),
  });
  const report = await server.api('POST', `/api/found/${codes[0]!.value}/report`, {
    body: {
      foundNotes: MESSAGE,
      finderName: FINDER.name,
      finderEmail: FINDER.email,
      finderPhone: FINDER.phone,
    },
    headers: from('203.0.113.7'),
  });
  expect(report.status).toBe(201);
  // The owner answers in the report's conversation.
  const { reportId } = report.body.data as { reportId: string };
  const reply = await server.api('POST', `/api/reports/${reportId}/messages`, {
    token,
    body: { text: REPLY },
    headers: from('198.51.100.2'),
  });
  expect(reply.status).toBe(201);
  // The finder answers: a real conversation, which the gift needs.
  const { threadPath } = report.body.data as { threadPath: string };
  const answer = await server.api('POST', `/api${threadPath}/messages`, {
    body: { text: FINDER_ANSWER },
    headers: from('203.0.113.7'),
  });
  expect(answer.status).toBe(201);
  const recovered = await server.api('POST', `/api/items/${item.id}/recover`, {
    token,
    headers: from('198.51.100.2'),
  });
  expect(recovered.status).toBe(201);
  expect(recovered.body.data).toMatchObject({ voucher: { code: expect.any(String) } });

  // As a finder, the owner also wrote to another owner.
  const neighbour = await signUp(server);
  const theirs = await assignedItem(server, neighbour.user.id, { name: 'Neighbour bike' });
  await server.api('POST', `/api/found/${theirs.code}/report`, {
    token,
    body: { foundNotes: 'Your bike is by the gate' },
    headers: from('198.51.100.9'),
  });
  return { ...owner, ...m, item, photoUrl, codes, neighbour, neighbourItem: theirs };
}

describe('export and deletion of an account', () => {
  it('exports everything personal as a JSON download, and only the caller’s', async () => {
    const o = await ownerWithEverything();
    const { NAME, PHONE, FINDER, MESSAGE, REPLY, FINDER_ANSWER, ITEM_NAME } = o;
    const stranger = await signUp(server);
    const res = await fetch(`${server.url}/api/users/me/export`, {
      headers: { Authorization: `Bearer ${o.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="homing-export-\d{4}-\d\d-\d\d\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, Record<string, unknown>[]>;
    // Every section of the registry, in the file.
    expect(Object.keys(data)).toEqual(['exportedAt', ...PERSONAL_DATA.map((s) => s.name)]);
    expect(data.account).toEqual([
      expect.objectContaining({ id: o.user.id, name: NAME, email: o.email, phoneNumber: PHONE }),
    ]);
    expect(data.sessions).toHaveLength(2);
    expect(data.notificationPreferences).toMatchObject([{ timeZone: 'America/Chicago', quietHours: true }]);
    expect(data.items).toMatchObject([{ id: o.item.id, name: ITEM_NAME, photoKey: expect.any(String) }]);
    expect(data.labels!.map((l) => l.value).sort()).toEqual(o.codes.map((c) => c.value).sort());
    expect(data.foundReports).toMatchObject([{ message: MESSAGE, finderName: FINDER.name }]);
    expect(data.conversationMessages).toMatchObject([
      { sender: 'owner', body: REPLY },
      { sender: 'finder', body: FINDER_ANSWER },
    ]);
    // The finder's contacts are not the owner's to read, in the export either.
    expect(text).not.toContain(FINDER.email);
    expect(text).not.toContain(FINDER.phone);
    expect(data.scans).toMatchObject([{ qrValue: o.codes[0]!.value }]);
    expect(data.recoveries).toHaveLength(1);
    expect(data.giftVouchers).toHaveLength(1);
    expect(data.notifications!.length).toBeGreaterThanOrEqual(1);
    expect(data.reportsSent).toMatchObject([{ message: 'Your bike is by the gate' }]);
    // Secrets never leave: no password hash, no token hash.
    expect(text).not.toMatch(/passwordHash|tokenHash|scrypt\$/);

    // A stranger's export holds none of it.
    const theirs = await server.api('GET', '/api/users/me/export', { token: stranger.token });
    expect(JSON.stringify(theirs.body)).not.toContain(o.user.id);
    expect(JSON.stringify(theirs.body)).not.toContain(MESSAGE);
    expect((await server.api('GET', '/api/users/me/export')).status).toBe(401);
  });

  it('needs the password; then leaves no personal data in any table, deletes the photo and frees the labels', async () => {
    const o = await ownerWithEverything();
    const { NAME, PHONE, FINDER, MESSAGE, ITEM_NAME } = o;
    const wrong = await server.api('POST', '/api/users/me/delete', {
      token: o.token,
      body: { password: 'nope nope' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe(SETTINGS_MESSAGES.wrongPassword);
    expect(await server.db.knex('users').where({ id: o.user.id }).first()).toBeTruthy();
    expect((await server.api('POST', '/api/users/me/delete', { token: o.token, body: {} })).status).toBe(400);

    const before = await fetch(server.url + o.photoUrl);
    expect(before.status).toBe(200);
    const res = await server.api('POST', '/api/users/me/delete', {
      token: o.token,
      body: { password: o.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true, message: SETTINGS_MESSAGES.accountDeleted });
    expect((await server.api('GET', '/api/auth/me', { token: o.token })).status).toBe(401);

    // Every section of the registry is empty for the account.
    for (const section of PERSONAL_DATA)
      expect({ section: section.name, rows: await section.rows(server.db.knex, o.user.id) }).toEqual({
        section: section.name,
        rows: [],
      });
    // And no row of any table mentions the person or what finders wrote them.
    const tables = (
      (await server.db.knex.raw(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_%'",
      )) as { rows: { tablename: string }[] }
    ).rows.map((r) => r.tablename);
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'found_reports', 'rate_limits']));
    const needles = [
      o.user.id,
      o.email,
      PHONE,
      NAME,
      ITEM_NAME,
      MESSAGE,
      o.REPLY,
      FINDER.name,
      FINDER.email,
      FINDER.phone,
    ];
    for (const table of tables) {
      const { rows } = (await server.db.knex.raw(`SELECT row_to_json(t)::text AS row FROM "${table}" t`)) as {
        rows: { row: string }[];
      };
      for (const { row } of rows)
        for (const needle of needles) expect(row, `${table} still holds ${needle}`).not.toContain(needle);
    }

    // The photo is no longer served, and gone from the store (the worker deletes it after the commit).
    expect((await fetch(server.url + o.photoUrl)).status).toBe(404);
    await expect
      .poll(() => fs.readdirSync(path.join(dataDir, 'photos')), { timeout: WAIT_MS })
      .not.toContain(o.photoUrl.split('/').pop());

    // The labels are unclaimed again and claimable by someone else.
    const codes = await server.db.knex('qrCodes').whereIn(
      'id',
      o.codes.map((c) => c.id),
    );
    expect(codes).toHaveLength(2);
    for (const c of codes)
      expect(c).toMatchObject({ ownerId: null, itemId: null, claimedAt: null, assignedAt: null });
    const next = await signUp(server);
    const claim = await server.api('POST', '/api/qr-codes/claim', {
      token: next.token,
      body: { qrCode: o.codes[1]!.value, claimAll: false },
    });
    expect(claim.status).toBe(200);

    // The report the owner sent as a finder stays with its recipient, without the link.
    const sent = await server.api<{ data: { reports: { message: string }[] } }>(
      'GET',
      '/api/users/me/found-reports',
      {
        token: o.neighbour.token,
      },
    );
    expect(JSON.stringify(sent.body)).toContain('Your bike is by the gate');
    // Other accounts are untouched.
    expect((await server.api('GET', '/api/auth/me', { token: o.neighbour.token })).status).toBe(200);
  });
});
