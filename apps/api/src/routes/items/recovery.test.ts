import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GIFT_SETTINGS } from '../../services/items/giftSettings';
import { GIFT_REFUSAL_MESSAGES, NO_OPEN_REPORT } from '../../services/items/recoveryRecorder';
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

type Voucher = {
  id: string;
  code: string;
  itemName: string | null;
  issuedAt: string;
  expiresAt: string;
  voidedAt: string | null;
};
type Gift = { description: string; howToRedeem: string; redeemUrl: string | null };
type Recovered = {
  recoveredAt: string;
  voucher: Voucher | null;
  gift: Gift | null;
  giftRefusal: { reason: string; message: string } | null;
};
type Report = { status: number; body: { data: { reportId: string; threadPath: string } } };
const reportFrom = (code: string, address: string, token?: string) =>
  server.api('POST', `/api/found/${code}/report`, {
    token,
    headers: from(address),
    body: { finderPhone: '', foundNotes: 'On the bus', foundAt: new Date().toISOString() },
  }) as Promise<Report>;
const ownerReply = (report: Report, token = owner.token) =>
  server.api('POST', `/api/reports/${report.body.data.reportId}/messages`, {
    token,
    headers: from(OWNER_ADDRESS),
    body: { text: 'Thank you! Where can I pick it up?' },
  });
const finderReply = (report: Report, address: string) =>
  server.api('POST', `/api/${report.body.data.threadPath.replace(/^\//, '')}/messages`, {
    headers: from(address),
    body: { text: 'At the bakery on Main Street.' },
  });
/** A real conversation: the owner replies, then the finder answers. */
const converse = async (report: Report, address: string, token = owner.token) => {
  expect((await ownerReply(report, token)).status).toBe(201);
  expect((await finderReply(report, address)).status).toBe(201);
};
/** A finder's report from a fresh address, and the conversation on it. */
const foundAndTalked = async (code: string, token = owner.token) => {
  const address = finderAddress();
  const report = await reportFrom(code, address);
  expect(report.status).toBe(201);
  await converse(report, address, token);
  return report;
};
const recover = (itemId: string, token = owner.token) =>
  server.api<{ data: Recovered }>('POST', `/api/items/${itemId}/recover`, {
    token,
    headers: from(OWNER_ADDRESS),
  });
const saveGiftSettings = (body: Record<string, unknown>, token = admin.token) =>
  server.api<{ data: { settings: typeof DEFAULT_GIFT_SETTINGS } }>('PUT', '/api/admin/gift-settings', {
    token,
    body,
  });
const myVouchers = async (token = owner.token) =>
  (await server.api<{ data: { vouchers: Voucher[] } }>('GET', '/api/users/me/vouchers', { token })).body.data
    .vouchers;

describe('recovery and the gift', () => {
  it('after a finder report the owner marks the item recovered once and gets one voucher', async () => {
    const { itemId, code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Laptop' });
    const early = await recover(itemId);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(NO_OPEN_REPORT);
    await foundAndTalked(code);
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
    // The gift explained: what it is, how and where to redeem it, and until when (a year by default).
    expect(res.body.data.gift).toEqual({
      description: DEFAULT_GIFT_SETTINGS.description,
      howToRedeem: DEFAULT_GIFT_SETTINGS.howToRedeem,
      redeemUrl: null,
    });
    expect(res.body.data.giftRefusal).toBeNull();
    const { issuedAt, expiresAt } = res.body.data.voucher!;
    expect(Date.parse(expiresAt) - Date.parse(issuedAt)).toBeGreaterThan(364.9 * 86_400_000);
    expect(Date.parse(expiresAt) - Date.parse(issuedAt)).toBeLessThan(365.1 * 86_400_000);
    expect((await recover(itemId)).status).toBe(409);

    expect(await myVouchers()).toContainEqual(res.body.data.voucher);
    const all = await server.api<{ data: { vouchers: { code: string; owner: { email: string } }[] } }>(
      'GET',
      '/api/admin/gift-vouchers',
      { token: admin.token },
    );
    expect(all.body.data.vouchers.find((v) => v.code === res.body.data.voucher!.code)?.owner.email).toBe(
      owner.email,
    );
  });

  it('refuses voucher farming, and says which rule refused: own reports, one per item, a real conversation', async () => {
    const farmer = await signUp(server);
    const { itemId, code } = await assignedItem(server.db.knex, farmer.user.id, { name: 'Umbrella' });
    const recoverAsFarmer = () => recover(itemId, farmer.token);
    const refusal = async () => (await recoverAsFarmer()).body.data;

    // Reported from the owner's own session (a different address): recorded, no voucher.
    expect((await reportFrom(code, finderAddress(), farmer.token)).status).toBe(201);
    const own = await recoverAsFarmer();
    expect(own.status).toBe(201);
    expect(own.body.data).toMatchObject({
      recoveredAt: expect.any(String),
      voucher: null,
      gift: null,
      giftRefusal: { reason: 'own_account', message: GIFT_REFUSAL_MESSAGES.own_account },
    });
    const item = await server.api<{ item: { status: string } }>('GET', `/api/items/${itemId}`, {
      token: farmer.token,
    });
    expect(item.body.item.status).toBe('recovered');

    // Anonymously, but from the address the owner marks the recovery from: no voucher.
    const fromHome = await reportFrom(code, OWNER_ADDRESS);
    await converse(fromHome, OWNER_ADDRESS, farmer.token);
    expect((await refusal()).giftRefusal).toEqual({
      reason: 'own_network',
      message: GIFT_REFUSAL_MESSAGES.own_network,
    });

    // A real finder elsewhere, but no conversation: no voucher. The owner's reply alone is not one.
    const stranger = finderAddress();
    expect((await reportFrom(code, stranger)).status).toBe(201);
    expect(await refusal()).toMatchObject({
      voucher: null,
      giftRefusal: { reason: 'no_conversation', message: GIFT_REFUSAL_MESSAGES.no_conversation },
    });
    const silent = await reportFrom(code, finderAddress());
    expect((await ownerReply(silent, farmer.token)).status).toBe(201);
    expect((await refusal()).giftRefusal?.reason).toBe('no_conversation');
    // A finder's second message before the owner replied is no answer either.
    const eager = await reportFrom(code, stranger);
    expect((await finderReply(eager, stranger)).status).toBe(201);
    expect((await ownerReply(eager, farmer.token)).status).toBe(201);
    expect((await refusal()).giftRefusal?.reason).toBe('no_conversation');

    // The owner replies and the finder answers: the item's one voucher.
    await foundAndTalked(code, farmer.token);
    expect(await refusal()).toMatchObject({ voucher: { itemName: 'Umbrella' }, giftRefusal: null });

    // Found again by another real finder, a real conversation too: no second voucher.
    await foundAndTalked(code, farmer.token);
    const again = await recoverAsFarmer();
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({
      voucher: null,
      giftRefusal: { reason: 'item_gifted', message: GIFT_REFUSAL_MESSAGES.item_gifted },
    });
    expect(await myVouchers(farmer.token)).toHaveLength(1);
    expect(await server.db.knex('recoveries').where({ itemId })).toHaveLength(7);
  });

  it('caps vouchers per account per month (voided ones count), as the admins set it', async () => {
    const busy = await signUp(server);
    const items = await Promise.all(
      ['Wallet', 'Keys', 'Phone'].map((name) => assignedItem(server.db.knex, busy.user.id, { name })),
    );
    expect((await saveGiftSettings({ ...DEFAULT_GIFT_SETTINGS, monthlyLimit: 1 })).status).toBe(200);
    try {
      for (const { code } of items) await foundAndTalked(code, busy.token);
      const first = (await recover(items[0]!.itemId, busy.token)).body.data.voucher!;
      expect(first).toMatchObject({ itemName: 'Wallet' });
      // Voiding it does not give the month's gift back.
      const voided = await server.api('POST', `/api/admin/gift-vouchers/${first.id}/void`, {
        token: admin.token,
      });
      expect(voided.status).toBe(200);

      const capped = await recover(items[1]!.itemId, busy.token);
      expect(capped.status).toBe(201);
      const now = new Date();
      const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      const mmddyyyy = `${String(next.getUTCMonth() + 1).padStart(2, '0')}-01-${next.getUTCFullYear()}`;
      expect(capped.body.data).toMatchObject({
        voucher: null,
        giftRefusal: {
          reason: 'monthly_limit',
          message: `This account has had its gift for this month. Gifts start again on ${mmddyyyy}.`,
        },
      });
      expect(capped.body.data.giftRefusal!.message).toBe(GIFT_REFUSAL_MESSAGES.monthly_limit(1, next));

      // Raised to 3: the third item's recovery earns its gift (2 this month).
      await saveGiftSettings({ ...DEFAULT_GIFT_SETTINGS, monthlyLimit: 3 });
      expect((await recover(items[2]!.itemId, busy.token)).body.data.voucher).toMatchObject({
        itemName: 'Phone',
      });
      expect(await myVouchers(busy.token)).toHaveLength(2);
    } finally {
      await saveGiftSettings(DEFAULT_GIFT_SETTINGS);
    }
  });

  it('lets admins say what the gift is, how and where to redeem it and how long it lasts', async () => {
    const defaults = await server.api<{ data: { settings: unknown } }>('GET', '/api/admin/gift-settings', {
      token: admin.token,
    });
    expect(defaults.status).toBe(200);
    expect(defaults.body.data.settings).toEqual(DEFAULT_GIFT_SETTINGS);

    const custom = {
      description: 'A €10 voucher for the Homing shop.',
      howToRedeem: 'Enter the code at checkout.',
      redeemUrl: 'https://shop.example/redeem',
      validDays: 30,
      monthlyLimit: 2,
    };
    // Refused with the field's own words: no 500, nothing saved.
    for (const [body, error] of [
      [
        { ...custom, redeemUrl: 'javascript:alert(1)' },
        'The redemption link must be an https:// or http:// address',
      ],
      [{ ...custom, description: '  ' }, 'Say what the gift is'],
      [{ ...custom, validDays: 0 }, 'Vouchers must last at least 1 day'],
      [{ ...custom, monthlyLimit: 1.5 }, 'Gifts per account per month must be a whole number'],
      [{ ...custom, howToRedeem: 'x'.repeat(501) }, 'How to redeem is at most 500 characters'],
    ] as const) {
      const res = await saveGiftSettings(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as unknown as { error: string }).error).toBe(error);
    }
    // Owners cannot (403); routes/guards.test.ts walks this route with every other admin route.
    expect((await saveGiftSettings(custom, owner.token)).status).toBe(403);

    try {
      const saved = await saveGiftSettings(custom);
      expect(saved.status).toBe(200);
      expect(saved.body.data.settings).toEqual(custom);

      const holder = await signUp(server);
      const { itemId, code } = await assignedItem(server.db.knex, holder.user.id, { name: 'Bike' });
      await foundAndTalked(code, holder.token);
      const res = (await recover(itemId, holder.token)).body.data;
      expect(res.gift).toEqual({
        description: custom.description,
        howToRedeem: custom.howToRedeem,
        redeemUrl: custom.redeemUrl,
      });
      // 30 days from its issue.
      const days = (Date.parse(res.voucher!.expiresAt) - Date.parse(res.voucher!.issuedAt)) / 86_400_000;
      expect(days).toBeCloseTo(30, 2);
      const mine = await server.api<{ data: { vouchers: Voucher[]; gift: Gift } }>(
        'GET',
        '/api/users/me/vouchers',
        { token: holder.token },
      );
      expect(mine.body.data).toEqual({ vouchers: [res.voucher], gift: res.gift });
      const listed = await server.api<{ data: { vouchers: Voucher[] } }>('GET', '/api/admin/gift-vouchers', {
        token: admin.token,
      });
      expect(listed.body.data.vouchers.find((v) => v.id === res.voucher!.id)?.expiresAt).toBe(
        res.voucher!.expiresAt,
      );
    } finally {
      await saveGiftSettings(DEFAULT_GIFT_SETTINGS);
    }
  });

  it('lets an admin void a voucher, which its owner then sees as void', async () => {
    const holder = await signUp(server);
    const { itemId, code } = await assignedItem(server.db.knex, holder.user.id, { name: 'Scarf' });
    await foundAndTalked(code, holder.token);
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
