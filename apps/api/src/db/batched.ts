interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export interface BatchOptions {
  /** Flushes running at once; calls beyond them wait and go together in the next flush. */
  concurrency?: number;
  maxBatch?: number;
}

/**
 * Batches a hot statement across concurrent requests (group commit for writes, DataLoader-style
 * for reads): a call goes to the database at once while fewer than `concurrency` flushes are
 * running; calls that arrive meanwhile wait and are flushed together, one statement (and one
 * commit) for the lot. A lone call waits for nothing, and under load a hundred requests cost a few
 * statements instead of a hundred.
 *
 * `flush` returns one result per item, in order. When a batch of several fails, each item is
 * retried alone, so one bad row never takes the others' results down with it.
 */
export function batched<T, R>(
  flush: (items: T[]) => Promise<R[]>,
  { concurrency = 2, maxBatch = 500 }: BatchOptions = {},
): (item: T) => Promise<R> {
  const queue: Waiting<T, R>[] = [];
  let running = 0;

  const settle = async (batch: Waiting<T, R>[]) => {
    try {
      const results = await flush(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else await Promise.all(batch.map((w) => settle([w])));
    }
  };

  const drain = async () => {
    running++;
    try {
      while (queue.length) await settle(queue.splice(0, maxBatch));
    } finally {
      running--;
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running < concurrency) void drain();
    });
}
