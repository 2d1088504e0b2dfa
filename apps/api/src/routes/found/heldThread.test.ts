import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../../testing/codeFactory';
import { startFinderTestServer } from '../../testing/finderServer';
import { signUp } from '../../testing/testServer';
import { apiPath, finderAddress, until } from '../../testing/threads';

// A report past the item's ceiling is held for the window's one digest (reportLimits.test.ts). Its
// finder's page says when the owner was told, as any other report's does: when the digest went.

let peers: Awaited<ReturnType<typeof startFinderTestServer>>;
beforeAll(async () => {
  peers = await startFinderTestServer({ REPORT_HOLD_AFTER_PER_ITEM: '1' });
});
afterAll(async () => {
  await peers.close();
});

interface Receipt {
  notified: { channel: string; at: string } | null;
}
const receipt = async (threadPath: string) =>
  ((await peers.server.api('GET', apiPath(threadPath))).body.data as { messages: { receipt: Receipt }[] })
    .messages[0]!.receipt;

describe("a held report's conversation", () => {
  it("shows the finder when the window's digest told the owner", async () => {
    const { server, sink } = peers;
    const owner = await signUp(server);
    const { code } = await assignedItem(server.db.knex, owner.user.id, { name: 'Grey scarf' });
    const threads: string[] = [];
    for (const foundNotes of ['On the tram', 'At the bakery', 'By the river']) {
      const res = await server.api<{ data: { threadPath: string } }>('POST', `/api/found/${code}/report`, {
        body: { foundNotes },
        headers: finderAddress(),
      });
      expect(res.status).toBe(201);
      threads.push(res.body.data.threadPath);
    }
    // The first report is told at once; the two held ones wait for the digest, due at the window's end.
    await until(
      () => receipt(threads[0]!),
      (r) => !!r.notified,
    );
    expect((await receipt(threads[1]!)).notified).toBeNull();
    expect((await receipt(threads[2]!)).notified).toBeNull();

    // The window ends (as far as the database's clock knows): the worker sends the one digest.
    await server.db
      .knex('notifications')
      .where('idempotencyKey', 'like', 'digest-%')
      .where({ userId: owner.user.id })
      .update({ nextAttemptAt: server.db.knex.raw("now() - interval '1 second'") });
    const mail = await until(
      async () => sink.received.find((m) => m.to.includes(owner.email) && /more messages/.test(m.text)),
      (m) => !!m,
    );
    expect(mail).toBeTruthy();
    // The worker records the delivery just after the mail server took it.
    const digest = await until(
      () =>
        server.db
          .knex('notifications')
          .where('idempotencyKey', 'like', 'digest-%')
          .where({ userId: owner.user.id, status: 'delivered' })
          .first(),
      (row) => !!row,
    );
    const told = { channel: 'email', at: new Date(digest.deliveredAt).toISOString() };
    // Both held reports' finders see it, the second's too (the digest is filed under the first).
    expect(
      await until(
        () => receipt(threads[2]!),
        (r) => !!r.notified,
      ),
    ).toMatchObject({ notified: told });
    expect(await receipt(threads[1]!)).toMatchObject({ notified: told });
  });
});
