import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer';
import { DEMO_CODE_COUNT, DEMO_SET_NAME, seedDemoLabels } from './seedLocal';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: '1', PUBLIC_URL: 'https://homing.example' });
});
afterAll(async () => {
  await server.close();
});

describe('local seed: demo labels', () => {
  it('creates a released set of demo labels once and gives the banner one claimable label URL', async () => {
    const sets = await server.db.knex('qr_code_sets').where({ name: DEMO_SET_NAME });
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ isPrinted: true, isReleased: true, parentSetId: null });
    const url = /^https:\/\/homing\.example\/qr\/([0-9A-Z]+)$/.exec(server.seed?.demoUrl ?? '');
    expect(url).toBeTruthy();
    const scan = await server.api('GET', `/api/qr-code-event/${url![1]}`);
    expect(scan.body).toMatchObject({ type: 'unclaimed_code', setId: sets[0].id, setCount: DEMO_CODE_COUNT });

    const again = await seedDemoLabels({
      knex: server.db.knex,
      config: server.config,
      logger: server.logger,
    });
    expect(again).toMatch(/^https:\/\/homing\.example\/qr\/[0-9A-Z]+$/);
    expect(await server.db.knex('qr_code_sets').where({ name: DEMO_SET_NAME })).toHaveLength(1);

    // Every demo label claimed: nothing left to advertise.
    const admin = await server.db.knex('users').where({ isAdmin: true }).first();
    // The admin it made, with the password the banner showed once.
    expect(server.seed?.admin).toEqual({ contact: admin.email, password: expect.any(String) });
    const signIn = await server.api('POST', '/api/auth/login', {
      body: { identifier: admin.email, password: server.seed!.admin!.password },
    });
    expect(signIn.status).toBe(200);
    await server.db.knex('qr_codes').where({ setId: sets[0].id }).update({ ownerId: admin.id });
    expect(
      await seedDemoLabels({ knex: server.db.knex, config: server.config, logger: server.logger }),
    ).toBeNull();
  });
});
