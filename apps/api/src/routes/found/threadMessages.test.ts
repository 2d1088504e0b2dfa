import { THREAD_MESSAGES } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../testing/testServer';
import { apiPath, startConversation, threadTestSuite } from '../../testing/threads';

// When a conversation refuses messages: closed, blocked, item recovered, over its limits, invalid.

const peers = threadTestSuite();

describe('finder–owner conversations', () => {
  it('refuses messages in a closed conversation, and a blocked sender’s messages and reports', async () => {
    const s = await startConversation(peers.server);
    const closed = await peers.server.api('POST', `/api/reports/${s.reportId}/close`, {
      token: s.owner.token,
      body: {},
    });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ state: 'closed', open: false, blocked: false });
    for (const [path, opts] of [
      [`${apiPath(s.threadPath)}/messages`, { headers: s.finder }],
      [`/api/reports/${s.reportId}/messages`, { token: s.owner.token }],
    ] as const) {
      const res = await peers.server.api('POST', path, { ...opts, body: { text: 'still there?' } });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, error: THREAD_MESSAGES.closed });
    }
    // Still readable by the finder, marked closed.
    expect((await peers.server.api('GET', apiPath(s.threadPath))).body.data).toMatchObject({ open: false });

    // Blocking closes that conversation for good (the sender's later reports: blocking.test.ts).
    const b = await startConversation(peers.server, {
      foundNotes: 'Spam spam spam',
      deviceId: 'spammer-device-1',
    });
    const blocked = await peers.server.api('POST', `/api/reports/${b.reportId}/close`, {
      token: b.owner.token,
      body: { block: true },
    });
    expect(blocked.body.data).toMatchObject({ state: 'blocked', open: false, blocked: true });
    const msg = await peers.server.api('POST', `${apiPath(b.threadPath)}/messages`, {
      body: { text: 'let me in' },
      headers: b.finder,
    });
    expect(msg.status).toBe(409);
    expect(msg.body).toMatchObject({ success: false, error: THREAD_MESSAGES.closed });
    // Another owner cannot read, answer or close it: 404, as for an unknown report.
    const stranger = await signUp(peers.server);
    for (const [method, path] of [
      ['GET', `/api/reports/${b.reportId}/thread`],
      ['POST', `/api/reports/${b.reportId}/messages`],
      ['POST', `/api/reports/${b.reportId}/close`],
    ] as const) {
      const res = await peers.server.api(method, path, {
        token: stranger.token,
        body: path.endsWith('/messages') ? { text: 'x' } : method === 'POST' ? {} : undefined,
      });
      expect(res.status, path).toBe(404);
    }
  });

  it('turns read-only once the item is marked recovered, and tells the finder once by text in their language', async () => {
    const finderPhone = '+15557000456';
    const s = await startConversation(peers.server, {
      foundNotes: 'En la parada',
      finderPhone,
      locale: 'es',
    });
    const recovered = await peers.server.api('POST', `/api/items/${s.itemId}/recover`, {
      token: s.owner.token,
    });
    expect(recovered.status).toBe(201);
    const view = await peers.server.api('GET', `/api/reports/${s.reportId}/thread`, { token: s.owner.token });
    expect(view.body.data).toMatchObject({ state: 'closed', open: false, recovered: true });
    const res = await peers.server.api('POST', `${apiPath(s.threadPath)}/messages`, {
      body: { text: 'Glad it is home' },
      headers: s.finder,
    });
    expect(res.status).toBe(409);
    // The page's reason, by text, once (closing it now says nothing more).
    await peers.server.api('POST', `/api/reports/${s.reportId}/close`, {
      token: s.owner.token,
      body: { block: true },
    });
    const notice = await peers.sms.waitFor(
      (m) => m.to === finderPhone && m.body.includes('El dueño ya tiene su objeto. ¡Gracias!'),
    );
    expect(notice?.body).toContain('Red keyring');
    const rows = await peers.server.db
      .knex('notifications')
      .where({ foundReportId: s.reportId, audience: 'finder', channel: 'sms' })
      .whereRaw("payload->>'text' not like '%/t/%'");
    expect(rows).toHaveLength(1);
  });

  it('limits messages per conversation and per sender (429), and validates them (400)', async () => {
    // Per sender: one finder address across two conversations (4 in 10 minutes).
    const a = await startConversation(peers.server);
    const bReport = await peers.server.api<{ data: { threadPath: string } }>(
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
          await peers.server.api('POST', `${apiPath(paths[i % 2]!)}/messages`, {
            body: { text: `note ${i}` },
            headers: a.finder,
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 429]);

    // Per conversation: 6 in all, whoever writes (the owner's own limit is 4).
    const c = await startConversation(peers.server);
    const writes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res =
        i % 2
          ? await peers.server.api('POST', `/api/reports/${c.reportId}/messages`, {
              token: c.owner.token,
              body: { text: `o${i}` },
            })
          : await peers.server.api('POST', `${apiPath(c.threadPath)}/messages`, {
              headers: c.finder,
              body: { text: `f${i}` },
            });
      writes.push(res.status);
    }
    expect(writes).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const last = await peers.server.api('POST', `${apiPath(c.threadPath)}/messages`, {
      headers: c.finder,
      body: { text: 'x' },
    });
    expect(last.body).toMatchObject({ success: false, error: THREAD_MESSAGES.tooMany });

    const d = await startConversation(peers.server);
    for (const [body, error] of [
      [{}, THREAD_MESSAGES.empty],
      [{ text: '   ' }, THREAD_MESSAGES.empty],
      [{ text: 'x'.repeat(1001) }, THREAD_MESSAGES.tooLong],
      [{ text: 'hi', latitude: 91, longitude: 0 }, THREAD_MESSAGES.coordinates],
      [{ text: 'hi', latitude: 10 }, THREAD_MESSAGES.coordinates],
    ] as const) {
      const res = await peers.server.api('POST', `${apiPath(d.threadPath)}/messages`, {
        headers: d.finder,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error });
    }
  });
});
