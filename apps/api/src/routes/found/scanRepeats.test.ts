import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

// Repeated page loads by one device (the finder page's first-party id) within 10 minutes are one scan.

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer({ WORKER: '0' });
  owner = await signUp(server);
});
afterAll(async () => {
  await server.close();
});

const scan = (qrCode: string, deviceId?: string) =>
  server.api<{ data: { id: string; repeated: boolean } }>('POST', '/api/analytics/scan', {
    body: { qrCode, ...(deviceId ? { deviceId } : {}) },
  });
const stored = async (qrValue: string) =>
  Number((await server.db.knex('scanEvents').where({ qrValue }).count({ n: '*' }))[0]!.n);

describe('scan de-duplication', () => {
  it('counts reloads by one device once, other devices each once, and again after 10 minutes', async () => {
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    const first = await scan(code, 'device-a');
    expect(first.status).toBe(201);
    expect(first.body.data.repeated).toBe(false);
    for (let i = 0; i < 3; i++) {
      const again = await scan(code, 'device-a');
      expect(again.status).toBe(201);
      expect(again.body.data.repeated).toBe(true);
    }
    expect((await scan(code, 'device-b')).body.data.repeated).toBe(false);
    expect(await stored(code)).toBe(2);

    // Eleven minutes later the same device counts again.
    await server.db
      .knex('scanEvents')
      .where({ qrValue: code })
      .update({ createdAt: new Date(Date.now() - 11 * 60_000) });
    expect((await scan(code, 'device-a')).body.data.repeated).toBe(false);
    expect(await stored(code)).toBe(3);
  });

  it('counts one device’s simultaneous loads once, and the same device on another label apart', async () => {
    const a = await assignedItem(server.db.knex, owner.user.id);
    const b = await assignedItem(server.db.knex, owner.user.id);
    const events = async () =>
      (
        await server.api<{ data: { foundEventsCount: number } }>('GET', '/api/users/me/data', {
          token: owner.token,
        })
      ).body.data.foundEventsCount;
    const before = await events();
    const answers = await Promise.all([a.code, a.code, a.code, b.code].map((c) => scan(c, 'device-c')));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(answers.filter((r) => !r.body.data.repeated)).toHaveLength(2);
    expect(await stored(a.code)).toBe(1);
    expect(await stored(b.code)).toBe(1);
    // The owner's found events count them once too.
    expect(await events()).toBe(before + 2);
  });

  it('keeps every scan sent without a device id (API callers, pages with storage blocked)', async () => {
    const { code } = await assignedItem(server.db.knex, owner.user.id);
    for (let i = 0; i < 3; i++) expect((await scan(code)).body.data.repeated).toBe(false);
    expect(await stored(code)).toBe(3);
  });
});
