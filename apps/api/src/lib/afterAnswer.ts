/**
 * Work a route starts after it has answered, so the answer cannot tell (by its time) whether the
 * work was done. Failures are reported to `onError`; `workAfterAnswer()` awaits what is still
 * running (a graceful stop, and tests that read what the work wrote).
 */
const running = new Set<Promise<void>>();

export function afterAnswer(work: () => Promise<unknown>, onError: (err: unknown) => void): void {
  const done: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (err: unknown) => onError(err),
    )
    .finally(() => running.delete(done));
  running.add(done);
}

export async function workAfterAnswer(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}
