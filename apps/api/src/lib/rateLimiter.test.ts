import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connection';
import { migratedDatabase } from '../testing/testServer';
import { addressKey, memoryLimiter, sharedLimiter } from './rateLimiter';

describe('sharedLimiter (rate-limiter-flexible on this database, through knex)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await migratedDatabase();
  });
  afterAll(() => db?.close());

  it('counts and decides in one step: of 50 parallel hits exactly the limit pass', async () => {
    const limiter = sharedLimiter(db.knex, { name: 'test-parallel', points: 5, durationMs: 60_000 });
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('k')));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(5);
    expect(Math.max(...outcomes.map((o) => o.consumed))).toBe(50);
    expect((await limiter.hit('other')).allowed).toBe(true);
  });

  it('keeps keys apart: parallel hits on two keys each admit exactly the limit', async () => {
    const limiter = sharedLimiter(db.knex, { name: 'test-keys', points: 7, durationMs: 60_000 });
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => limiter.hit(i % 3 ? 'a' : 'b')));
    expect(outcomes.filter((o, i) => o.allowed && i % 3 !== 0)).toHaveLength(7);
    expect(outcomes.filter((o, i) => o.allowed && i % 3 === 0)).toHaveLength(7);
  });

  it('remembers a refusal until its window ends (blockInMemory): refusing answers before any hit', async () => {
    const limiter = sharedLimiter(db.knex, {
      name: 'test-refusing',
      points: 2,
      durationMs: 1_000,
      blockInMemory: true,
    });
    expect(limiter.refusing('k')).toBe(false);
    const outcomes = await Promise.all([limiter.hit('k'), limiter.hit('k'), limiter.hit('k')]);
    // Parallel hits are separate upserts, decided in whatever order they reach the database.
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(2);
    expect(limiter.refusing('k')).toBe(true);
    expect(limiter.refusing('other')).toBe(false);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(limiter.refusing('k')).toBe(false);
    expect((await limiter.hit('k')).allowed).toBe(true);
    // A limit that does not block in memory never claims to know.
    const plain = sharedLimiter(db.knex, { name: 'test-refusing-plain', points: 1, durationMs: 60_000 });
    await plain.hit('k');
    expect((await plain.hit('k')).allowed).toBe(false);
    expect(plain.refusing('k')).toBe(false);
  });

  it('refunds and clears a key', async () => {
    const limiter = sharedLimiter(db.knex, { name: 'test-refund', points: 1, durationMs: 60_000 });
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
    await limiter.refund('k', 2);
    expect((await limiter.hit('k')).allowed).toBe(true);
    await limiter.clear('k');
    expect((await limiter.hit('k')).consumed).toBe(1);
  });

  it('starts a new window once the old one expired', async () => {
    const limiter = sharedLimiter(db.knex, { name: 'test-window', points: 1, durationMs: 1_000 });
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await limiter.hit('k')).allowed).toBe(true);
  });
});

describe('memoryLimiter', () => {
  it('admits the points per key, then refuses', async () => {
    const limiter = memoryLimiter({ points: 2, durationMs: 60_000 });
    const hits = [
      await limiter.hit('a'),
      await limiter.hit('a'),
      await limiter.hit('a'),
      await limiter.hit('b'),
    ];
    expect(hits.map((h) => h.allowed)).toEqual([true, true, false, true]);
  });

  it('100,001 spoofed addresses do not reset a limited one (keys expire on their own, no wipe)', async () => {
    const limiter = memoryLimiter({ points: 3, durationMs: 60_000 });
    for (let i = 0; i < 4; i++) await limiter.hit('203.0.113.7');
    expect((await limiter.hit('203.0.113.7')).allowed).toBe(false);
    for (let i = 0; i <= 100_000; i++)
      await limiter.hit(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect((await limiter.hit('203.0.113.7')).allowed).toBe(false);
  });
});

describe('addressKey', () => {
  it('counts an IPv6 client by its /64 (one host has all of it) and unwraps IPv4-mapped addresses', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::9'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });
});
