import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/testServer';
import { apiPath, openEvents, startConversation, threadTestSuite, until } from '../../testing/threads';

// A whole conversation: replies both ways, live and by e-mail and SMS, receipts, and privacy.

const peers = threadTestSuite();

describe('finder–owner conversations', () => {
  it('carries replies both ways, live, with receipts from real deliveries, and never one side’s contact to the other', async () => {
    const finderEmail = uniqueEmail('finder');
    const finderPhone = '+15557654321';
    const s = await startConversation(peers.server, {
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
      const res = await peers.server.api(method, path, { body, headers: finder });
      seenByFinder.push(JSON.stringify(res.body));
      return res;
    };
    const asOwner = async (method: string, path: string, body?: unknown) => {
      const res = await peers.server.api(method, path, { body, token: owner.token });
      seenByOwner.push(JSON.stringify(res.body));
      return res;
    };
    const finderStream = await openEvents(peers.server, `${apiPath(threadPath)}/events`);
    const ownerStream = await openEvents(peers.server, '/api/users/me/events', owner.token);

    // The owner is e-mailed and texted; the finder gets the link by e-mail and by SMS.
    const ownerMail = await until(
      async () => peers.sink.received.find((m) => m.to.includes(owner.email)),
      (m) => !!m,
    );
    expect(ownerMail!.text).toContain(`/reports/${reportId}`);
    const finderMail = await until(
      async () => peers.sink.received.find((m) => m.to.includes(finderEmail)),
      (m) => !!m,
    );
    expect(finderMail!.text).toMatch(/\/found\/[^/\s]+\/t\/[A-Za-z0-9_-]{43}/);
    const linkSms = await peers.sms.waitFor((m) => m.to === finderPhone);
    expect(linkSms!.body).toMatch(/\/found\/[^/\s]+\/t\/[A-Za-z0-9_-]{43}/);
    // The finder follows both links: that confirms their address and number (PRODUCT.md, Privacy), so the
    // owner's replies are relayed to them.
    for (const message of [finderMail!.text, linkSms!.body]) {
      const path = /(\/found\/[^/\s]+\/t\/[A-Za-z0-9_-]{43})/.exec(message)![1]!;
      expect((await peers.server.api('GET', apiPath(path))).status).toBe(200);
    }
    expect(await peers.sms.waitFor((m) => m.to === ownerPhone)).toBeTruthy();

    // The finder's receipt: the owner was notified, at the time the delivery was recorded.
    const notified = await until(
      () => asFinder('GET', apiPath(threadPath)),
      (r) =>
        !!(r.body.data as { messages: { receipt: { notified: unknown } }[] }).messages[0]!.receipt.notified,
    );
    const delivered = await peers.server.db
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
      async () => peers.sink.received.find((m) => m.to.includes(finderEmail) && m.text.includes('replied')),
      (m) => !!m,
    );
    const newLink = /\/found\/[^/\s]+\/t\/[A-Za-z0-9_-]{43}/.exec(replyMail!.text)![0];
    expect(newLink).not.toBe(threadPath);
    const replySms = await peers.sms.waitFor((m) => m.to === finderPhone && m.body.includes('replied'));
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
      async () => peers.sink.received.find((m) => m.to.includes(owner.email) && m.text.includes('until 5')),
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
    const reportMail = peers.sink.received.find((m) => m.to.includes(owner.email))!;
    const html = reportMail.text.split('Content-Type: text/html')[1]!;
    expect(html).toContain('&#60;b&#62;at the');
    expect(html).not.toContain('<b>at the');
    await asOwner('GET', '/api/users/me/data');
    await asOwner('GET', '/api/users/me/found-reports?page=1&limit=20');
    await asFinder('GET', apiPath(threadPath));

    // Privacy over the whole conversation, on full bodies: what each side was shown or sent.
    for (const e of finderStream.events) seenByFinder.push(e.raw);
    for (const e of ownerStream.events) seenByOwner.push(e.raw);
    for (const m of peers.sink.received.filter((m) => m.to.includes(finderEmail)))
      seenByFinder.push(m.raw, m.text);
    for (const m of peers.sms.received.filter((m) => m.to === finderPhone)) seenByFinder.push(m.body);
    for (const m of peers.sink.received.filter((m) => m.to.includes(owner.email)))
      seenByOwner.push(m.raw, m.text);
    for (const m of peers.sms.received.filter((m) => m.to === ownerPhone)) seenByOwner.push(m.body);
    expect(seenByFinder.length).toBeGreaterThan(8);
    expect(seenByOwner.length).toBeGreaterThan(8);
    for (const body of seenByFinder) for (const secret of ownerSecrets) expect(body).not.toContain(secret);
    for (const body of seenByOwner) for (const secret of finderSecrets) expect(body).not.toContain(secret);
    await finderStream.close();
    await ownerStream.close();
  });
});
