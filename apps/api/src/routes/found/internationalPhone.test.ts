import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUND_MESSAGES } from '@homing/shared';
import { assignedItem } from '../../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

// Finders may give any valid international number (PRODUCT.md, Validation), stored as E.164; US numbers keep the
// spec's +1 and 10 digits.

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer({ WORKER: '0' });
  owner = await signUp(server);
});
afterAll(async () => {
  await server.close();
});

const send = (code: string, finderPhone: string) =>
  server.api<{ data: { reportId: string } }>('POST', `/api/found/${code}/report`, {
    body: { foundNotes: 'Found it at the market', finderPhone },
  });

describe('finder phone numbers', () => {
  it.each(['+525512345678', '+447911123456', '+33612345678', '+15551230000'])(
    'stores %s as given (E.164) and shows it to the owner',
    async (phone) => {
      const { code } = await assignedItem(server.db.knex, owner.user.id);
      const res = await send(code, phone);
      expect(res.status).toBe(201);
      const row = await server.db.knex('foundReports').where({ id: res.body.data.reportId }).first();
      expect(row.finderPhone).toBe(phone);
    },
  );

  it.each([
    ['+4479111', FOUND_MESSAGES.phoneInternational],
    ['+52 55 1234 5678', FOUND_MESSAGES.phoneInternational],
    ['+999123456789', FOUND_MESSAGES.phoneInternational],
    ['+1555123000', FOUND_MESSAGES.phone],
    ['5551230000', FOUND_MESSAGES.phone],
    // Premium-rate and satellite ranges (PRODUCT.md, Validation): the red team's +882 among them.
    ['+882351234567', FOUND_MESSAGES.phoneRefused],
    ['+8816312345678', FOUND_MESSAGES.phoneRefused],
    ['+870772123456', FOUND_MESSAGES.phoneRefused],
    ['+19005551234', FOUND_MESSAGES.phoneRefused],
  ])('refuses %s with a clear 400 and stores nothing', async (phone, message) => {
    const { code, itemId } = await assignedItem(server.db.knex, owner.user.id);
    const res = await send(code, phone);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, data: null, error: message });
    expect(await server.db.knex('foundReports').where({ itemId })).toHaveLength(0);
  });
});
