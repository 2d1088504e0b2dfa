import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connection';
import { createLogger } from '../logger';
import { freshDatabase, testDbKind } from '../testing/testServer';
import type { EventHub, OwnerEvent } from './hub';
import { createHub } from './index';
import { WAIT_MS } from '../testing/patience';

describe('owner event hub', () => {
  let db: Database;
  let publisher: EventHub;
  let listener: EventHub;
  beforeAll(async () => {
    db = await freshDatabase();
    publisher = await createHub(db, createLogger('silent'));
    // On PostgreSQL a second hub stands for a second API process; the embedded database has one.
    listener = testDbKind() === 'postgres' ? await createHub(db, createLogger('silent')) : publisher;
  });
  afterAll(async () => {
    await publisher.close();
    if (listener !== publisher) await listener.close();
    await db.close();
  });

  it("delivers a burst of events to each owner's subscribers, every one once, nobody else's", async () => {
    const received: Record<string, number[]> = { alice: [], bob: [] };
    const stops = (['alice', 'bob'] as const).map((user) =>
      listener.subscribe(user, (event: OwnerEvent) => received[user]!.push(event.data.n as number)),
    );
    const burst = Array.from({ length: 40 }, (_, n) => ({ user: n % 3 ? 'alice' : 'bob', n }));
    await Promise.all(
      burst.map(({ user, n }) => publisher.publish(user, { type: 'found_event', data: { n } })),
    );
    const expected = (user: string) => burst.filter((b) => b.user === user).map((b) => b.n);
    await expect
      .poll(() => received.alice!.length + received.bob!.length, { timeout: WAIT_MS })
      .toBe(burst.length);
    expect(received.alice!.sort((a, b) => a - b)).toEqual(expected('alice'));
    expect(received.bob!.sort((a, b) => a - b)).toEqual(expected('bob'));
    stops.forEach((stop) => stop());
  });

  it('never rejects a publish: a failed delivery is logged (callers may leave it to finish)', async () => {
    const out = new PassThrough();
    let warnings = '';
    out.on('data', (d: Buffer) => (warnings += d.toString()));
    const own = await freshDatabase();
    const hub = await createHub(own, createLogger('warn', 'json', out));
    // On PostgreSQL the NOTIFY fails (its database is gone); in memory, a subscriber throws.
    if (testDbKind() === 'postgres') await own.close();
    const stop = hub.subscribe('carol', () => {
      throw new Error('subscriber failed');
    });
    await expect(hub.publish('carol', { type: 'found_event', data: {} })).resolves.toBeUndefined();
    expect(warnings).toMatch(/live event not (published|delivered)/);
    stop();
    await hub.close();
    if (testDbKind() !== 'postgres') await own.close();
  });
});
