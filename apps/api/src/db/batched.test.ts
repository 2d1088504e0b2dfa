import { describe, expect, it } from 'vitest';
import { batched } from './batched';

/** A flush that records its batches and answers when the test releases it. */
function recordingFlush(fail?: (item: number) => boolean) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const flush = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((r) => gates.push(r));
    if (fail && items.some(fail)) throw new Error(`bad row in ${items.join(',')}`);
    return items.map((n) => n * 10);
  };
  const releaseAll = async () => {
    while (gates.length) {
      gates.splice(0).forEach((open) => open());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { flush, batches, releaseAll };
}

describe('batched', () => {
  it('flushes a lone call at once, without waiting for company', async () => {
    const f = recordingFlush();
    const commit = batched(f.flush);
    const result = commit(7);
    expect(f.batches).toEqual([[7]]);
    await f.releaseAll();
    expect(await result).toBe(70);
  });

  it('groups the calls that arrive while flushes run, and answers each its own result', async () => {
    const f = recordingFlush();
    const commit = batched(f.flush, { concurrency: 1 });
    const results = [1, 2, 3, 4, 5].map((n) => commit(n));
    expect(f.batches).toEqual([[1]]);
    await f.releaseAll();
    expect(f.batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50]);
  });

  it('runs up to `concurrency` flushes side by side and caps the batch size', async () => {
    const f = recordingFlush();
    const commit = batched(f.flush, { concurrency: 2, maxBatch: 2 });
    const results = [1, 2, 3, 4, 5, 6, 7].map((n) => commit(n));
    expect(f.batches).toEqual([[1], [2]]);
    await f.releaseAll();
    expect(f.batches.slice(2).flat().sort()).toEqual([3, 4, 5, 6, 7]);
    expect(f.batches.every((b) => b.length <= 2)).toBe(true);
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('retries a failed batch item by item: only the bad call fails', async () => {
    const f = recordingFlush((n) => n === 3);
    const commit = batched(f.flush, { concurrency: 1 });
    const results = [1, 2, 3, 4].map((n) => commit(n).catch((err: Error) => err.message));
    await f.releaseAll();
    expect(await Promise.all(results)).toEqual([10, 20, 'bad row in 3', 40]);
  });
});
