import { THREAD_MESSAGES } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../../testing/codeFactory';
import { startFinderTestServer } from '../../testing/finderServer';
import type { SmtpSink } from '../../testing/smtpSink';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../testing/testServer';
import { readEventStream } from '../../testing/eventStreamReader';

let peers: Awaited<ReturnType<typeof startFinderTestServer>>;
let sink: SmtpSink;
let sms: Awaited<ReturnType<typeof startFinderTestServer>>['sms'];
let server: TestServer;
beforeAll(async () => {
  peers = await startFinderTestServer({
    THREAD_MESSAGE_LIMIT_PER_THREAD: '6',
    THREAD_MESSAGE_LIMIT_PER_SENDER: '4',
  });
  ({ server, sink, sms } = peers);
});
afterAll(async () => {
  await peers?.close();
});

let addressCounter = 0;
/** A finder of their own: a fresh client address. */
const finderAddress = () => ({ 'X-Forwarded-For': `203.0.113.${++addressCounter}` });

/** Reads a server-sent-event stream (with a bearer header for the owner, bare for a finder). */
async function openEvents(path: string, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return readEventStream(res);
}

const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000) => {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
};

interface Setup {
  owner: Awaited<ReturnType<typeof signUp>>;
  ownerPhone: string;
  code: string;
  itemId: string;
  reportId: string;
  threadPath: string;
  finder: Record<string, string>;
}

/** An owner reachable by e-mail and SMS, their item, and a finder's report opening a conversation. */
async function startConversation(
  report: Record<string, unknown> = { foundNotes: 'Found your keys at the bakery' },
): Promise<Setup> {
  const owner = await signUp(server);
  const ownerPhone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await server.db
    .knex('users')
    .where({ id: owner.user.id })
    .update({ phoneNumber: ownerPhone, smsOptIn: true, phoneVerifiedAt: new Date() });
  const { code, itemId } = await assignedItem(server.db.knex, owner.user.id, { name: 'Red keyring' });
  const finder = finderAddress();
  const res = await server.api<{ data: { reportId: string; threadPath: string } }>(
    'POST',
    `/api/found/${code}/report`,
    { body: report, headers: finder },
  );
  expect(res.status).toBe(201);
  const { reportId, threadPath } = res.body.data;
  return { owner, ownerPhone, code, itemId, reportId, threadPath, finder };
}

const apiPath = (threadPath: string) => `/api${threadPath}`;

describe('finder–owner conversations', () => {
  it('opens a conversation with an unguessable link (256 bits, only its hash stored)', async () => {
    const { code, reportId, threadPath } = await startConversation();
    const match = /^\/found\/([^/]+)\/t\/([A-Za-z0-9_-]+)$/.exec(threadPath)!;
    expect(match[1]).toBe(code);
    const token = match[2]!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const links = await server.db.knex('threadLinks').where({ foundReportId: reportId });
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(token);
    const view = await server.api('GET', apiPath(threadPath));
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      item: { name: 'Red keyring' },
      open: true,
      messages: [{ id: reportId, from: 'finder', text: 'Found your keys at the bakery' }],
    });
  });

  it('answers a wrong, malformed or foreign token exactly as an unknown one', async () => {
    const { code, threadPath } = await startConversation();
    const other = await startConversation();
    const token = threadPath.split('/').at(-1)!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const unknown = await server.api('GET', `/api/found/${code}/t/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    for (const path of [
      `/api/found/${code}/t/${flipped}`,
      `/api/found/${code}/t/short`,
      `/api/found/${code}/t/${'%3Cscript%3E'}`,
      `/api/found/NOSUCHCODE/t/${flipped}`,
    ]) {
      const res = await server.api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(unknown.body);
      const post = await server.api('POST', `${path}/messages`, { body: { text: 'hello' } });
      expect(post.status, path).toBe(404);
      expect(post.body).toEqual(unknown.body);
    }
    // The token opens its own conversation whatever code the path names: never another's.
    const res = await server.api('GET', apiPath(other.threadPath));
    expect(JSON.stringify(res.body)).not.toContain('bakery'.repeat(2));
    expect(res.body.data).toMatchObject({ messages: [{ id: other.reportId }] });
  });

  it('limits token guesses per address (429 once over the look-up limit)', async () => {
    const limited = await startTestServer({ CODE_LOOKUP_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await limited.api('GET', `/api/found/ABCDE23456/t/${'a'.repeat(42)}${i}`)).status);
      expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('carries replies both ways, live, with receipts from real deliveries, and never one side’s contact to the other', async () => {
    const finderEmail = uniqueEmail('finder');
    const finderPhone = '+15557654321';
    const s = await startConversation({
      foundNotes: 'Found your keys <b>at the bakery</b>',
      finderEmail,
      finderPhone,
    });
    const { owner, ownerPhone, reportId, threadPath, finder } = s;
    const ownerSecrets = [owner.email, ownerPhone, ownerPhone.slice(2)];
    const finderSecrets = [finderEmail, finderPhone, finderPhone.slice(2)];
    const seenByFinder: string[] = [];
    const seenByOwner: string[] = [];
    const asFinder = async (method: string, path: string, body?: unknown) => {
      const res = await server.api(method, path, { body, headers: finder });
      seenByFinder.push(JSON.stringify(res.body));
      return res;
    };
    const asOwner = async (method: string, path: string, body?: unknown) => {
      const res = await server.api(method, path, { body, token: owner.token });
      seenByOwner.push(JSON.stringify(res.body));
      return res;
    };
    const finderStream = await openEvents(`${apiPath(threadPath)}/events`);
    const ownerStream = await openEvents('/api/users/me/events', owner.token);

    // The owner is e-mailed and texted; the finder gets the link by e-mail and by SMS.
    const ownerMail = await until(
      async () => sink.received.find((m) => m.to.includes(owner.email)),
      (m) => !!m,
    );
    expect(ownerMail!.text).toContain(`/reports/${reportId}`);
    const finderMail = await until(
      async () => sink.received.find((m) => m.to.includes(finderEmail)),
      (m) => !!m,
    );
    expect(finderMail!.text).toMatch(/\/found\/[^/\s]+\/t\/[A-Za-z0-9_-]{43}/);
    const linkSms = await sms.waitFor((m) => m.to === finderPhone);
    expect(linkSms!.body).toMatch(/\/found\/[^/\s]+\/t\/[A-Za-z0-9_-]{43}/);
    expect(await sms.waitFor((m) => m.to === ownerPhone)).toBeTruthy();

    // The finder's receipt: the owner was notified, at the time the delivery was recorded.
    const notified = await until(
      () => asFinder('GET', apiPath(threadPath)),
      (r) =>
        !!(r.body.data as { messages: { receipt: { notified: unknown } }[] }).messages[0]!.receipt.notified,
    );
    const delivered = await server.db
      .knex('notifications')
      .where({ foundReportId: reportId, audience: 'owner', status: 'delivered' })
      .orderBy('deliveredAt')
      .first();
    expect((notified.body.data as { messages: unknown[] }).messages[0]).toMatchObject({
      receipt: {
        notified: { channel: delivered.channel, at: new Date(delivered.deliveredAt).toISOString() },
        readAt: null,
      },
    });
    expect((await finderStream.waitFor(1)).map((e) => e.event)).toContain('thread_changed');

    // The owner's list shows the report as new; opening it is the finder's "Read by the owner".
    const list = await asOwner('GET', '/api/users/me/data');
    expect((list.body.data as { foundReports: unknown[] }).foundReports).toMatchObject([
      { id: reportId, state: 'new' },
    ]);
    const opened = await asOwner('GET', `/api/reports/${reportId}/thread`);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      state: 'read',
      open: true,
      finderNotified: true,
      blocked: false,
    });
    const read = await asFinder('GET', apiPath(threadPath));
    const readAt = (read.body.data as { messages: { receipt: { readAt: string } }[] }).messages[0]!.receipt
      .readAt;
    expect(new Date(readAt).getTime()).toBeGreaterThan(0);

    // The owner replies: the finder's page hears it live, and they are e-mailed and texted a new link.
    const before = finderStream.events.length;
    const reply = await asOwner('POST', `/api/reports/${reportId}/messages`, {
      text: 'Thank you! Call me on 555-000-1234 if you like',
    });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ thread: { state: 'answered' } });
    await finderStream.waitFor(before + 1);
    const replyMail = await until(
      async () => sink.received.find((m) => m.to.includes(finderEmail) && m.text.includes('replied')),
      (m) => !!m,
    );
    const newLink = /\/found\/[^/\s]+\/t\/[A-Za-z0-9_-]{43}/.exec(replyMail!.text)![0];
    expect(newLink).not.toBe(threadPath);
    const replySms = await sms.waitFor((m) => m.to === finderPhone && m.body.includes('replied'));
    expect(replySms!.body).toContain('Thank you!');
    const viaNewLink = await asFinder('GET', apiPath(newLink));
    expect(viaNewLink.body.data).toMatchObject({
      ownerRepliedAt: expect.any(String),
      messages: [
        { from: 'finder' },
        { from: 'owner', text: 'Thank you! Call me on 555-000-1234 if you like', receipt: null },
      ],
    });

    // The finder answers with a location: the owner hears it live and by e-mail.
    const ownerBefore = ownerStream.events.length;
    const answer = await asFinder('POST', `${apiPath(threadPath)}/messages`, {
      text: 'I am at the bakery until 5',
      latitude: 48.8584,
      longitude: 2.2945,
    });
    expect(answer.status).toBe(201);
    const events = await ownerStream.waitFor(ownerBefore + 1);
    expect(events.at(-1)).toMatchObject({
      event: 'thread_changed',
      data: { reportId, reason: 'finder_message' },
    });
    await until(
      async () => sink.received.find((m) => m.to.includes(owner.email) && m.text.includes('until 5')),
      (m) => !!m,
    );
    const ownerView = await asOwner('GET', `/api/reports/${reportId}/thread`);
    expect((ownerView.body.data as { messages: unknown[] }).messages.at(-1)).toMatchObject({
      from: 'finder',
      text: 'I am at the bakery until 5',
      latitude: 48.8584,
      longitude: 2.2945,
    });
    // Text stays text: the report's markup comes back as written and is escaped in e-mail HTML.
    expect((ownerView.body.data as { messages: { text: string }[] }).messages[0]!.text).toBe(
      'Found your keys <b>at the bakery</b>',
    );
    const reportMail = sink.received.find((m) => m.to.includes(owner.email))!;
    const html = reportMail.text.split('Content-Type: text/html')[1]!;
    expect(html).toContain('&#60;b&#62;at the');
    expect(html).not.toContain('<b>at the');
    await asOwner('GET', '/api/users/me/data');
    await asOwner('GET', '/api/users/me/found-reports?page=1&limit=20');
    await asFinder('GET', apiPath(threadPath));

    // Privacy over the whole conversation, on full bodies: what each side was shown or sent.
    for (const e of finderStream.events) seenByFinder.push(e.raw);
    for (const e of ownerStream.events) seenByOwner.push(e.raw);
    for (const m of sink.received.filter((m) => m.to.includes(finderEmail))) seenByFinder.push(m.raw, m.text);
    for (const m of sms.received.filter((m) => m.to === finderPhone)) seenByFinder.push(m.body);
    for (const m of sink.received.filter((m) => m.to.includes(owner.email))) seenByOwner.push(m.raw, m.text);
    for (const m of sms.received.filter((m) => m.to === ownerPhone)) seenByOwner.push(m.body);
    expect(seenByFinder.length).toBeGreaterThan(8);
    expect(seenByOwner.length).toBeGreaterThan(8);
    for (const body of seenByFinder) for (const secret of ownerSecrets) expect(body).not.toContain(secret);
    for (const body of seenByOwner) for (const secret of finderSecrets) expect(body).not.toContain(secret);
    await finderStream.close();
    await ownerStream.close();
  });

  it('refuses messages in a closed conversation, and a blocked sender’s messages and reports', async () => {
    const s = await startConversation();
    const closed = await server.api('POST', `/api/reports/${s.reportId}/close`, {
      token: s.owner.token,
      body: {},
    });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ state: 'closed', open: false, blocked: false });
    for (const [path, opts] of [
      [`${apiPath(s.threadPath)}/messages`, { headers: s.finder }],
      [`/api/reports/${s.reportId}/messages`, { token: s.owner.token }],
    ] as const) {
      const res = await server.api('POST', path, { ...opts, body: { text: 'still there?' } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, error: THREAD_MESSAGES.closed });
    }
    // Still readable by the finder, marked closed.
    expect((await server.api('GET', apiPath(s.threadPath))).body.data).toMatchObject({ open: false });

    // Blocking: the sender's later reports about any of this owner's items are refused.
    const b = await startConversation({ foundNotes: 'Spam spam spam' });
    const blocked = await server.api('POST', `/api/reports/${b.reportId}/close`, {
      token: b.owner.token,
      body: { block: true },
    });
    expect(blocked.body.data).toMatchObject({ state: 'closed', blocked: true });
    const again = await server.api('POST', `/api/found/${b.code}/report`, {
      body: { foundNotes: 'Spam again' },
      headers: b.finder,
    });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ success: false, error: THREAD_MESSAGES.blocked });
    const msg = await server.api('POST', `${apiPath(b.threadPath)}/messages`, {
      body: { text: 'let me in' },
      headers: b.finder,
    });
    expect(msg.status).toBe(409);
    // Another finder still reaches the owner.
    const other = await server.api('POST', `/api/found/${b.code}/report`, {
      body: { foundNotes: 'I really found it' },
      headers: finderAddress(),
    });
    expect(other.status).toBe(201);
    // Another owner cannot read, answer or close it: 404, as for an unknown report.
    const stranger = await signUp(server);
    for (const [method, path] of [
      ['GET', `/api/reports/${b.reportId}/thread`],
      ['POST', `/api/reports/${b.reportId}/messages`],
      ['POST', `/api/reports/${b.reportId}/close`],
    ] as const) {
      const res = await server.api(method, path, {
        token: stranger.token,
        body: path.endsWith('/messages') ? { text: 'x' } : method === 'POST' ? {} : undefined,
      });
      expect(res.status, path).toBe(404);
    }
  });

  it('turns read-only once the item is marked recovered', async () => {
    const s = await startConversation();
    const recovered = await server.api('POST', `/api/items/${s.itemId}/recover`, { token: s.owner.token });
    expect(recovered.status).toBe(201);
    const view = await server.api('GET', `/api/reports/${s.reportId}/thread`, { token: s.owner.token });
    expect(view.body.data).toMatchObject({ state: 'closed', open: false, recovered: true });
    const res = await server.api('POST', `${apiPath(s.threadPath)}/messages`, {
      body: { text: 'Glad it is home' },
      headers: s.finder,
    });
    expect(res.status).toBe(409);
  });

  it('limits messages per conversation and per sender (429), and validates them (400)', async () => {
    // Per sender: one finder address across two conversations (4 in 10 minutes).
    const a = await startConversation();
    const bReport = await server.api<{ data: { threadPath: string } }>(
      'POST',
      `/api/found/${a.code}/report`,
      {
        body: { foundNotes: 'Second note' },
        headers: a.finder,
      },
    );
    const paths = [a.threadPath, bReport.body.data.threadPath];
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await server.api('POST', `${apiPath(paths[i % 2]!)}/messages`, {
            body: { text: `note ${i}` },
            headers: a.finder,
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 429]);

    // Per conversation: 6 in all, whoever writes (the owner's own limit is 4).
    const c = await startConversation();
    const writes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res =
        i % 2
          ? await server.api('POST', `/api/reports/${c.reportId}/messages`, {
              token: c.owner.token,
              body: { text: `o${i}` },
            })
          : await server.api('POST', `${apiPath(c.threadPath)}/messages`, {
              headers: c.finder,
              body: { text: `f${i}` },
            });
      writes.push(res.status);
    }
    expect(writes).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const last = await server.api('POST', `${apiPath(c.threadPath)}/messages`, {
      headers: c.finder,
      body: { text: 'x' },
    });
    expect(last.body).toMatchObject({ success: false, error: THREAD_MESSAGES.tooMany });

    const d = await startConversation();
    for (const [body, error] of [
      [{}, THREAD_MESSAGES.empty],
      [{ text: '   ' }, THREAD_MESSAGES.empty],
      [{ text: 'x'.repeat(1001) }, THREAD_MESSAGES.tooLong],
      [{ text: 'hi', latitude: 91, longitude: 0 }, THREAD_MESSAGES.coordinates],
      [{ text: 'hi', latitude: 10 }, THREAD_MESSAGES.coordinates],
    ] as const) {
      const res = await server.api('POST', `${apiPath(d.threadPath)}/messages`, { headers: d.finder, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error });
    }
  });
});
