import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './memoryRateLimiter';

describe('memoryRateLimiter', () => {
  it('admits max hits per key per window, then refuses until the next window', () => {
    const limiter = memoryRateLimiter({ windowMs: 60_000, max: 2 });
    const t = 1_000_000_020_000;
    expect([
      limiter.allow('a', t),
      limiter.allow('a', t),
      limiter.allow('a', t),
      limiter.allow('b', t),
    ]).toEqual([true, true, false, true]);
    expect(limiter.allow('a', t + 60_000)).toBe(true);
  });
});
