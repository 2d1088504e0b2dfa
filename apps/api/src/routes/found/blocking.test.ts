import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/testServer';
import { apiPath, finderAddress, startConversation, threadTestSuite, until } from '../../testing/threads';

// Blocking blocks a person (the finder page's device, the contact given), not a network
// address; a blocked person's reports and messages are held for the owner and answered alike.

const peers = threadTestSuite();

type ReportAnswer = { success: boolean; data: { reportId: string; threadPath: string } };

describe('blocking a finder', () => {
  it('blocks the person on any address, holds their reports unseen, and leaves others on their address alone', async () => {
    const spammerEmail = uniqueEmail('spammer');
    const spammerPhone = '+15557000123';
    const s = await startConversation(peers.server, {
      foundNotes: 'Spam spam spam',
      finderEmail: spammerEmail,
      finderPhone: spammerPhone,
      deviceId: 'device-of-the-spammer',
    });
    const shared = s.finder; // one address, two people (a café's Wi-Fi)
    const report = (headers: Record<string, string>, body: Record<string, unknown>) =>
      peers.server.api<ReportAnswer>('POST', `/api/found/${s.code}/report`, { headers, body });
    const ownerAlerts = async (foundReportId: string) =>
      Number(
        (
          (await peers.server.db
            .knex('notifications')
            .where({ foundReportId, audience: 'owner' })
            .count({ n: '*' })
            .first()) as { n: number | string }
        ).n,
      );
    const ownerList = async () =>
      (
        await peers.server.api<{ data: { reports: { id: string; state: string }[] } }>(
          'GET',
          '/api/users/me/found-reports',
          { token: s.owner.token },
        )
      ).body.data.reports;

    const blocked = await peers.server.api('POST', `/api/reports/${s.reportId}/close`, {
      token: s.owner.token,
      body: { block: true },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ state: 'blocked', open: false, blocked: true });

    // The blocked person, same address and device, no contact this time: answered as anyone is.
    const again = await report(shared, { foundNotes: 'Spam again', deviceId: 'device-of-the-spammer' });
    // Someone else on the same address: reaches the owner at once.
    const other = await report(shared, { foundNotes: 'I really found your keys', deviceId: 'a-stranger' });
    // The blocked person from a new address and a new browser, with the same e-mail (typed differently).
    const moved = await report(finderAddress(), {
      foundNotes: 'Spam from elsewhere',
      finderEmail: `  ${spammerEmail.toUpperCase()} `,
      deviceId: 'a-new-browser',
    });

    for (const res of [again, other, moved]) {
      expect(res.status).toBe(201);
      expect(Object.keys(res.body.data).toSorted()).toEqual(['reportId', 'threadPath']);
      expect(res.body.data.threadPath).toMatch(/^\/found\/[^/]+\/t\/[A-Za-z0-9_-]{43}$/);
    }
    const otherMail = await until(
      async () => peers.sink.received.find((m) => m.text.includes(`/reports/${other.body.data.reportId}`)),
      (m) => !!m,
    );
    expect(otherMail?.to).toContain(s.owner.email);
    expect(await ownerAlerts(other.body.data.reportId)).toBeGreaterThan(0);

    // The blocked person's pages read as anyone's: open, no reason given.
    const deliveredView = (await peers.server.api('GET', apiPath(other.body.data.threadPath))).body.data;
    for (const res of [again, moved]) {
      const view = (await peers.server.api('GET', apiPath(res.body.data.threadPath))).body.data;
      expect(view).toMatchObject({ open: true, closedReason: null });
      expect(Object.keys(view as object).toSorted()).toEqual(Object.keys(deliveredView as object).toSorted());
      // A message in it is taken (201) like any other, and held too.
      const msg = await peers.server.api('POST', `${apiPath(res.body.data.threadPath)}/messages`, {
        headers: shared,
        body: { text: 'hello?' },
      });
      expect(msg.status).toBe(201);
    }
    const otherMsg = await peers.server.api('POST', `${apiPath(other.body.data.threadPath)}/messages`, {
      headers: shared,
      body: { text: 'It was on the bus' },
    });
    expect(otherMsg.status).toBe(201);

    // Under Blocked in the owner's list; never an alert (no e-mail, text or push row at all).
    const list = await ownerList();
    const stateOf = (id: string) => list.find((r) => r.id === id)?.state;
    expect(stateOf(again.body.data.reportId)).toBe('blocked');
    expect(stateOf(moved.body.data.reportId)).toBe('blocked');
    expect(stateOf(other.body.data.reportId)).toBe('new');
    expect(await ownerAlerts(again.body.data.reportId)).toBe(0);
    expect(await ownerAlerts(moved.body.data.reportId)).toBe(0);
    // The other finder's message reached the owner's inbox; nothing about the blocked ones did.
    await until(
      async () =>
        peers.sink.received
          .filter((m) => m.to.includes(s.owner.email))
          .map((m) => m.text)
          .join('\n'),
      (t) => t.includes('It was on the bus'),
    );
    const ownerMail = peers.sink.received
      .filter((m) => m.to.includes(s.owner.email))
      .map((m) => m.text)
      .join('\n');
    expect(ownerMail).toContain('It was on the bus');
    expect(ownerMail).not.toContain('Spam again');
    expect(ownerMail).not.toContain('Spam from elsewhere');
    expect(ownerMail).not.toContain('hello?');

    // The owner's thread view says so; the other finder's is untouched.
    const view = await peers.server.api('GET', `/api/reports/${moved.body.data.reportId}/thread`, {
      token: s.owner.token,
    });
    expect(view.body.data).toMatchObject({ state: 'blocked', blocked: true });
    const otherView = await peers.server.api('GET', `/api/reports/${other.body.data.reportId}/thread`, {
      token: s.owner.token,
    });
    expect(otherView.body.data).toMatchObject({ blocked: false, open: true });

    // The blocked finder was told once, by text, that the owner closed the conversation.
    const notice = await peers.sms.waitFor(
      (m) => m.to === spammerPhone && m.body.includes('The owner closed this conversation.'),
    );
    expect(notice?.body).toContain('Red keyring');
  });
});
