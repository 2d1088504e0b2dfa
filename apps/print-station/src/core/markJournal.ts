import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from './apiClient';
import type { StationApi } from './apiClient';
import { readTextIfExists, writeFileAtomic } from './jsonFile';
import type { PendingMark } from '../shared/types';
import { pendingMarkSchema } from '../shared/types';

export type { PendingMark } from '../shared/types';
export { pendingMarkSchema } from '../shared/types';

/**
 * Sets waiting to be marked printed: the job completed in CUPS, but the API has not yet accepted
 * the mark. Written to disk before the first attempt (write-ahead), removed only when the API
 * answers, so a station that loses the server, or is itself restarted, still marks them: nothing
 * printed is ever left unmarked. The token is not kept here; retries use the current session.
 */
const journalSchema = z.object({ marks: z.array(z.unknown()) });

export type MarkAttempt =
  | { readonly status: 'marked'; readonly updatedCount: number }
  /** The API could not be reached or is not accepting now (network, timeout, 5xx, 401, 429). */
  | { readonly status: 'pending'; readonly error: string }
  /** The API answered no for good (a 4xx such as a lifecycle conflict): retrying cannot help. */
  | { readonly status: 'refused'; readonly error: string };

/** Whether an API failure may pass (retry later) or is the API's final word. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || [401, 408, 425, 429].includes(error.status);
}

export class MarkJournal {
  /** Every read-modify-write of the file goes through this chain: one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Marks being sent right now, so a retry sweep never sends one twice at once. */
  private readonly sending = new Set<string>();

  constructor(
    private readonly path: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async read(): Promise<PendingMark[]> {
    const text = await readTextIfExists(this.path);
    if (!text) return [];
    const parsed = journalSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`The pending marks file ${this.path} is damaged`);
    return parsed.data.marks.flatMap((mark) => {
      const one = pendingMarkSchema.safeParse(mark);
      return one.success ? [one.data] : [];
    });
  }

  private write(marks: PendingMark[]): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify({ marks }, null, 2)}\n`, 0o600);
  }

  /** Oldest first. */
  list(): Promise<PendingMark[]> {
    return this.exclusive(() => this.read());
  }

  async add(
    mark: Omit<PendingMark, 'id' | 'attempts' | 'lastError' | 'lastAttemptAt'>,
  ): Promise<PendingMark> {
    const entry: PendingMark = {
      ...mark,
      id: randomUUID(),
      attempts: 0,
      lastError: null,
      lastAttemptAt: null,
    };
    await this.exclusive(async () => this.write([...(await this.read()), entry]));
    return entry;
  }

  private remove(id: string): Promise<void> {
    return this.exclusive(async () => this.write((await this.read()).filter((mark) => mark.id !== id)));
  }

  private noteFailure(id: string, error: string): Promise<void> {
    return this.exclusive(async () =>
      this.write(
        (await this.read()).map((mark) =>
          mark.id === id
            ? {
                ...mark,
                attempts: mark.attempts + 1,
                lastError: error,
                lastAttemptAt: this.now().toISOString(),
              }
            : mark,
        ),
      ),
    );
  }

  /**
   * One attempt to mark: the API accepted (the entry is gone), or it stays pending, or the API
   * refused for good (the entry is gone too; the caller records why). Null when the mark is
   * already being sent by someone else in this process.
   */
  async attempt(mark: PendingMark, api: Pick<StationApi, 'markSetsPrinted'>): Promise<MarkAttempt | null> {
    if (this.sending.has(mark.id)) return null;
    this.sending.add(mark.id);
    try {
      const { updatedCount } = await api.markSetsPrinted(mark.setIds);
      await this.remove(mark.id);
      return { status: 'marked', updatedCount };
    } catch (caught) {
      const error = caught instanceof Error ? caught.message : String(caught);
      if (isRetryable(caught)) {
        await this.noteFailure(mark.id, error);
        return { status: 'pending', error };
      }
      await this.remove(mark.id);
      return { status: 'refused', error };
    } finally {
      this.sending.delete(mark.id);
    }
  }
}
