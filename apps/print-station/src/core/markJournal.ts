import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { lock } from 'proper-lockfile';
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
 *
 * Several station processes may share the file (the app and the command line, or stations started
 * together): every read-modify-write holds a lock they all honour (`<file>.lock`, proper-lockfile),
 * and each write is fsync'd. A mark is sent by the process that claimed it (`sendingUntil`, written
 * under the lock before the request): the others leave it alone until the claim lapses, so one
 * completed job is one mark request.
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

type NewMark = Omit<PendingMark, 'id' | 'attempts' | 'lastError' | 'lastAttemptAt' | 'sendingUntil'>;

const newMark = (mark: NewMark): PendingMark => ({
  ...mark,
  id: randomUUID(),
  attempts: 0,
  lastError: null,
  lastAttemptAt: null,
  sendingUntil: null,
});

/**
 * How long a claim to send a mark holds: longer than an API call may take (30 s by default), so a
 * live sender is never doubled; a sender that died mid-request is replaced after it.
 */
export const SEND_CLAIM_MS = 120_000;

/**
 * What settling a journaled job that completed did: its mark is pending now; it had nothing to
 * mark; or it was no longer in flight (another station process settled it first).
 */
export type Completion =
  | { readonly kind: 'pending'; readonly mark: PendingMark }
  | { readonly kind: 'nothing' }
  | { readonly kind: 'settled' };

/** Waits for the other processes' lock for up to about 10 s; a lock left by a dead one lapses after 10 s. */
const LOCK_OPTIONS = {
  realpath: false,
  stale: 10_000,
  retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 50 },
  // A lock found compromised (its holder too slow to refresh it) is already another's: nothing to undo.
  onCompromised: () => undefined,
};

export class MarkJournal {
  /** This process's read-modify-writes go through this chain, one at a time, each under the file lock. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const locked = async () => {
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const release = await lock(this.path, LOCK_OPTIONS);
      try {
        return await work();
      } finally {
        await release().catch(() => undefined);
      }
    };
    const run = this.queue.then(locked, locked);
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

  async add(mark: NewMark): Promise<PendingMark> {
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

  /**
   * CUPS said completed (at `completedAt`, CUPS' own time): in one write the job leaves the
   * in-flight list and its mark becomes pending. Settled twice (two processes), the second finds
   * the job gone: one mark.
   */
  async complete(id: string, completedAt: string): Promise<Completion> {
    let completion: Completion = { kind: 'settled' };
    await this.change((journal) => {
      const job = journal.jobs.find((one) => one.id === id);
      const jobs = journal.jobs.filter((one) => one.id !== id);
      if (!job) return journal;
      if (job.setIds.length === 0) {
        completion = { kind: 'nothing' };
        return { ...journal, jobs };
      }
      const mark = newMark({
        serverUrl: job.serverUrl,
        setIds: job.setIds,
        label: job.label,
        jobId: job.jobId,
        printer: job.printer,
        title: job.title,
        completedAt,
      });
      completion = { kind: 'pending', mark };
      return { marks: [...journal.marks, mark], jobs };
    });
    return completion;
  }

  /**
   * The job ended without printing (cancelled, aborted, never reached CUPS): nothing to mark.
   * False when it was no longer in flight (another process settled it first).
   */
  async drop(id: string): Promise<boolean> {
    let dropped = false;
    await this.change((journal) => {
      dropped = journal.jobs.some((job) => job.id === id);
      return dropped ? { ...journal, jobs: journal.jobs.filter((job) => job.id !== id) } : journal;
    });
    return dropped;
  }

  /**
   * Claims the mark for sending (under the lock): the journal's copy, or null when it is gone or
   * another process's claim still holds.
   */
  private claim(id: string): Promise<PendingMark | null> {
    return this.exclusive(async () => {
      const journal = await this.readAll();
      const mark = journal.marks.find((one) => one.id === id);
      const now = this.now().getTime();
      if (!mark || (mark.sendingUntil && Date.parse(mark.sendingUntil) > now)) return null;
      const claimed = { ...mark, sendingUntil: new Date(now + SEND_CLAIM_MS).toISOString() };
      await this.writeAll({
        ...journal,
        marks: journal.marks.map((one) => (one.id === id ? claimed : one)),
      });
      return claimed;
    });
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
                sendingUntil: null,
              }
            : mark,
        ),
      });
    });
  }

  /**
   * One attempt to mark: the API accepted (the entry is gone), or it stays pending, or the API
   * refused for good (the entry is gone too; the caller records why). Null when the mark is
   * already being sent (by this process or another) or already sent.
   */
  async attempt(mark: PendingMark, api: Pick<StationApi, 'markSetsPrinted'>): Promise<MarkAttempt | null> {
    const claimed = await this.claim(mark.id);
    if (!claimed) return null;
    try {
      const { updatedCount } = await api.markSetsPrinted(claimed.setIds);
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
    }
  }
}
