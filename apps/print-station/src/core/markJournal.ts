import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from './apiClient';
import type { StationApi } from './apiClient';
import { readTextIfExists, writeFileAtomic } from './jsonFile';
import type { InFlightJob, PendingMark } from '../shared/types';
import { inFlightJobSchema, pendingMarkSchema } from '../shared/types';

export type { InFlightJob, PendingMark } from '../shared/types';
export { inFlightJobSchema, pendingMarkSchema } from '../shared/types';

/**
 * The station's write-ahead journal (`pending-marks.json`), two lists in one file:
 * - `jobs`: labels jobs in flight. The intent is written before `lp` runs, CUPS' job id as soon
 *   as it answers; the entry leaves only when the station has seen how the job ended. A station
 *   quit, killed or crashed meanwhile finds it at its next start and asks CUPS (station.ts
 *   `reconcileJobs`): completed → its sets are marked, once; cancelled or aborted → not.
 * - `marks`: sets waiting to be marked printed: the job completed in CUPS, but the API has not yet
 *   accepted the mark. Removed only when the API answers, so a station that loses the server, or
 *   is itself restarted, still marks them: nothing printed is ever left unmarked.
 * A completed job moves from `jobs` to `marks` in one atomic write. The token is not kept here;
 * retries use the current session.
 */
const journalSchema = z.object({ marks: z.array(z.unknown()), jobs: z.array(z.unknown()).default([]) });

interface Journal {
  marks: PendingMark[];
  /** Jobs sent (or about to be) whose ending this station has not seen yet. */
  jobs: InFlightJob[];
}

const valid = <T>(schema: z.ZodType<T>, items: unknown[]): T[] =>
  items.flatMap((item) => {
    const one = schema.safeParse(item);
    return one.success ? [one.data] : [];
  });

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

const newMark = (
  mark: Omit<PendingMark, 'id' | 'attempts' | 'lastError' | 'lastAttemptAt'>,
): PendingMark => ({ ...mark, id: randomUUID(), attempts: 0, lastError: null, lastAttemptAt: null });

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

  private async readAll(): Promise<Journal> {
    const text = await readTextIfExists(this.path);
    if (!text) return { marks: [], jobs: [] };
    const parsed = journalSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`The pending marks file ${this.path} is damaged`);
    return {
      marks: valid(pendingMarkSchema, parsed.data.marks),
      jobs: valid(inFlightJobSchema, parsed.data.jobs),
    };
  }

  private async read(): Promise<PendingMark[]> {
    return (await this.readAll()).marks;
  }

  private writeAll(journal: Journal): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify(journal, null, 2)}\n`, 0o600);
  }

  /** Read, change, write, as one step of the queue. */
  private change(edit: (journal: Journal) => Journal): Promise<void> {
    return this.exclusive(async () => this.writeAll(edit(await this.readAll())));
  }

  /** Completed jobs whose mark the server has not accepted yet, oldest first. */
  list(): Promise<PendingMark[]> {
    return this.exclusive(() => this.read());
  }

  /** Jobs sent (or being sent) whose ending no station has seen yet, oldest first. */
  inFlight(): Promise<InFlightJob[]> {
    return this.exclusive(async () => (await this.readAll()).jobs);
  }

  async add(
    mark: Omit<PendingMark, 'id' | 'attempts' | 'lastError' | 'lastAttemptAt'>,
  ): Promise<PendingMark> {
    const entry = newMark(mark);
    await this.change((journal) => ({ ...journal, marks: [...journal.marks, entry] }));
    return entry;
  }

  /** The intent, written before the job is sent (write-ahead). */
  async begin(job: Omit<InFlightJob, 'id' | 'jobId' | 'startedAt'>): Promise<InFlightJob> {
    const entry: InFlightJob = { ...job, id: randomUUID(), jobId: null, startedAt: this.now().toISOString() };
    await this.change((journal) => ({ ...journal, jobs: [...journal.jobs, entry] }));
    return entry;
  }

  /** CUPS accepted the job under this id. */
  submitted(id: string, jobId: string): Promise<void> {
    return this.change((journal) => ({
      ...journal,
      jobs: journal.jobs.map((job) => (job.id === id ? { ...job, jobId } : job)),
    }));
  }

  /** Another station process takes the job over (it is following it now). */
  adopt(id: string, owner: Pick<InFlightJob, 'pid' | 'runId'>): Promise<void> {
    return this.change((journal) => ({
      ...journal,
      jobs: journal.jobs.map((job) => (job.id === id ? { ...job, ...owner } : job)),
    }));
  }

  /**
   * CUPS said completed: in one write the job leaves the in-flight list and its mark becomes
   * pending (null when it has nothing to mark, or was already settled by another process).
   */
  async complete(id: string, completedAt: string): Promise<PendingMark | null> {
    let mark: PendingMark | null = null;
    await this.change((journal) => {
      const job = journal.jobs.find((one) => one.id === id);
      const jobs = journal.jobs.filter((one) => one.id !== id);
      if (!job || job.setIds.length === 0) return { ...journal, jobs };
      mark = newMark({
        serverUrl: job.serverUrl,
        setIds: job.setIds,
        label: job.label,
        jobId: job.jobId,
        printer: job.printer,
        title: job.title,
        completedAt,
      });
      return { marks: [...journal.marks, mark], jobs };
    });
    return mark;
  }

  /** The job ended without printing (cancelled, aborted, never reached CUPS): nothing to mark. */
  drop(id: string): Promise<void> {
    return this.change((journal) => ({ ...journal, jobs: journal.jobs.filter((job) => job.id !== id) }));
  }

  private remove(id: string): Promise<void> {
    return this.exclusive(async () => {
      const journal = await this.readAll();
      await this.writeAll({ ...journal, marks: journal.marks.filter((mark) => mark.id !== id) });
    });
  }

  private noteFailure(id: string, error: string): Promise<void> {
    return this.exclusive(async () => {
      const journal = await this.readAll();
      await this.writeAll({
        ...journal,
        marks: journal.marks.map((mark) =>
          mark.id === id
            ? {
                ...mark,
                attempts: mark.attempts + 1,
                lastError: error,
                lastAttemptAt: this.now().toISOString(),
              }
            : mark,
        ),
      });
    });
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
