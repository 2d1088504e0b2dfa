import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../testing/testServer';
import { apiPath, startConversation, threadTestSuite } from '../../testing/threads';

// A conversation's link: an unguessable token, wrong ones answered as unknown, guesses limited.

const peers = threadTestSuite();

describe('finder–owner conversations', () => {
  it('opens a conversation with an unguessable link (256 bits, only its hash stored)', async () => {
    const { code, reportId, threadPath } = await startConversation(peers.server);
    const match = /^\/found\/([^/]+)\/t\/([A-Za-z0-9_-]+)$/.exec(threadPath)!;
    expect(match[1]).toBe(code);
    const token = match[2]!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const links = await peers.server.db.knex('threadLinks').where({ foundReportId: reportId });
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(token);
    const view = await peers.server.api('GET', apiPath(threadPath));
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      item: { name: 'Red keyring' },
      open: true,
      messages: [{ id: reportId, from: 'finder', text: 'Found your keys at the bakery' }],
    });
  });

  it('stops opening a conversation 90 days after its last message, like an unknown link', async () => {
    const { reportId, threadPath } = await startConversation(peers.server);
    const sent = await peers.server.api('POST', `${apiPath(threadPath)}/messages`, {
      body: { text: 'Still here' },
    });
    expect(sent.status).toBe(201);
    const day = 24 * 60 * 60 * 1000;
    const age = (days: number) => new Date(Date.now() - days * day);
    await peers.server.db
      .knex('foundReports')
      .where({ id: reportId })
      .update({ createdAt: age(200) });
    await peers.server.db
      .knex('threadMessages')
      .where({ foundReportId: reportId })
      .update({ createdAt: age(89) });
    expect((await peers.server.api('GET', apiPath(threadPath))).status).toBe(200);
    await peers.server.db
      .knex('threadMessages')
      .where({ foundReportId: reportId })
      .update({ createdAt: age(91) });
    const expired = await peers.server.api('GET', apiPath(threadPath));
    expect(expired.status).toBe(404);
  });

  it('answers a wrong, malformed or foreign token exactly as an unknown one', async () => {
    const { code, threadPath } = await startConversation(peers.server);
    const other = await startConversation(peers.server);
    const token = threadPath.split('/').at(-1)!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const unknown = await peers.server.api('GET', `/api/found/${code}/t/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    for (const path of [
      `/api/found/${code}/t/${flipped}`,
      `/api/found/${code}/t/short`,
      `/api/found/${code}/t/${'%3Cscript%3E'}`,
      `/api/found/NOSUCHCODE/t/${flipped}`,
    ]) {
      const res = await peers.server.api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual(unknown.body);
      const post = await peers.server.api('POST', `${path}/messages`, { body: { text: 'hello' } });
      expect(post.status, path).toBe(404);
      expect(post.body).toEqual(unknown.body);
    }
    // The token opens its own conversation whatever code the path names: never another's.
    const res = await peers.server.api('GET', apiPath(other.threadPath));
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
});
