import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_OPEN_REPORT } from '../../services/items/recoveryRecorder';
import { VOUCHER_NOT_FOUND } from '../../services/items/giftVoucherVoider';
import { assignedItem } from '../../testing/codeFactory';
import { signUp, startTestServer, type TestServer } from '../../testing/testServer';

// Behind a trusted proxy, so each request says which address it comes from (X-Forwarded-For).
let server: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  server = await startTestServer({ WORKER: '0', TRUST_PROXY: '1', REPORT_LIMIT_PER_ITEM: '100' });
  owner = await signUp(server);
  admin = await signUp(server, { admin: true });
});
afterAll(async () => {
  await server.close();
});

const OWNER_ADDRESS = '198.51.100.7';
let nextFinder = 1;
const finderAddress = () => `203.0.113.${nextFinder++}`;
const from = (address: string) => ({ 'X-Forwarded-For': address });

type Voucher = { id: string; code: string; itemName: string | null; voidedAt: string | null };
const reportFrom = (code: string, address: string, token?: string) =>
  server.api('POST', `/api/found/${code}/report`, {
    token,
    headers: from(address),
    body: { finderPhone: '', foundNotes: 'On the bus', foundAt: new Date().toISOString() },
  });
const recover = (itemId: string, token = owner.token) =>
  server.api<{ data: { recoveredAt: string; voucher: Voucher | null } }>(
    'POST',
    `/api/items/${itemId}/recover`,
    {
      token,
      headers: from(OWNER_ADDRESS),
    },
  );
const myVouchers = async (token = owner.token) =>
  (await server.api<{ data: { vouchers: Voucher[] } }>('GET', '/api/users/me/vouchers', { token })).body.data
    .vouchers;

describe('recovery and the gift', () => {
  it('after a finder report the owner marks the item recovered once and gets one voucher', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Laptop' });
    const early = await recover(itemId);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(NO_OPEN_REPORT);
    expect((await reportFrom(code, finderAddress())).status).toBe(201);
    expect((await server.api('GET', `/api/found/${code}`, { token: owner.token })).body).toMatchObject({
      openReportCount: 1,
    });

    const stranger = await signUp(server);
    expect((await recover(itemId, stranger.token)).status).toBe(404);

    const res = await recover(itemId);
    expect(res.status).toBe(201);
    expect(res.body.data.voucher).toMatchObject({
      code: expect.stringMatching(/^GIFT-[0-9A-Z]{8}$/),
      itemName: 'Laptop',
      voidedAt: null,
    });
    expect((await recover(itemId)).status).toBe(409);

    expect((await myVouchers()).map((v) => v.code)).toContain(res.body.data.voucher!.code);
    const all = await server.api<{ data: { vouchers: { code: string; owner: { email: string } }[] } }>(
      'GET',
      '/api/admin/gift-vouchers',
      { token: admin.token },
    );
    expect(all.body.data.vouchers.find((v) => v.code === res.body.data.voucher!.code)?.owner.email).toBe(
      owner.email,
    );
  });

  it('refuses voucher farming: one voucher per item ever, never for the owner’s own reports', async () => {
    const farmer = await signUp(server);
    const { itemId, code } = await assignedItem(server.db.knex, farmer.user.id, { name: 'Umbrella' });
    const recoverAsFarmer = () => recover(itemId, farmer.token);

    // Reported from the owner's own session (a different address): recorded, no voucher.
    expect((await reportFrom(code, finderAddress(), farmer.token)).status).toBe(201);
    const own = await recoverAsFarmer();
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({ recoveredAt: expect.any(String), voucher: null });
    const item = await server.api<{ item: { status: string } }>('GET', `/api/items/${itemId}`, {
      token: farmer.token,
    });
    expect(item.body.item.status).toBe('recovered');

    // Anonymously, but from the address the owner marks the recovery from: no voucher.
    expect((await reportFrom(code, OWNER_ADDRESS)).status).toBe(201);
    expect((await recoverAsFarmer()).body.data.voucher).toBeNull();

    // A real finder elsewhere: the item's one voucher.
    expect((await reportFrom(code, finderAddress())).status).toBe(201);
    expect((await recoverAsFarmer()).body.data.voucher).toMatchObject({ itemName: 'Umbrella' });

    // Found again by another real finder: the recovery is recorded, but no second voucher.
    expect((await reportFrom(code, finderAddress())).status).toBe(201);
    const again = await recoverAsFarmer();
    expect(again.status).toBe(201);
    expect(again.body.data.voucher).toBeNull();
    expect(await myVouchers(farmer.token)).toHaveLength(1);
    expect(await server.db.knex('recoveries').where({ itemId })).toHaveLength(4);
  });

  it('lets an admin void a voucher, which its owner then sees as void', async () => {
    const holder = await signUp(server);
    const { itemId, code } = await assignedItem(server.db.knex, holder.user.id, { name: 'Scarf' });
    await reportFrom(code, finderAddress());
    const issued = (await recover(itemId, holder.token)).body.data.voucher!;
    const voidIt = (id: string, token = admin.token) =>
      server.api<{ data: { voucher: Voucher & { owner: { email: string } } } }>(
        'POST',
        `/api/admin/gift-vouchers/${id}/void`,
        { token },
      );

    // Owners cannot void (403); every admin route's guard is also proven in routes/guards.test.ts.
    const refused = await voidIt(issued.id, holder.token);
    expect(refused.status).toBe(403);
    expect((await myVouchers(holder.token))[0]?.voidedAt).toBeNull();

    const res = await voidIt(issued.id);
    expect(res.status).toBe(200);
    expect(res.body.data.voucher).toMatchObject({
      id: issued.id,
      code: issued.code,
      voidedAt: expect.any(String),
      owner: { email: holder.email },
    });
    const [mine] = await myVouchers(holder.token);
    expect(mine).toMatchObject({ code: issued.code, voidedAt: res.body.data.voucher.voidedAt });
    // Voiding again keeps the first time.
    expect((await voidIt(issued.id)).body.data.voucher.voidedAt).toBe(res.body.data.voucher.voidedAt);

    const missing = await voidIt('00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(VOUCHER_NOT_FOUND);
    expect((await voidIt('not-an-id')).status).toBe(400);
  });
});
