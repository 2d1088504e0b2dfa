import type { JobStatus } from './cupsJobs';
import type { HistoryEntry, JobHistory, JobOutcome } from './jobHistory';
import { printerProblem } from './printers';
import type { Spooler, SubmittedJob } from './spooler';
import { waitForJob } from './spooler';
import type { ProgressEvent } from '../shared/types';

export type { ProgressEvent, ProgressStage } from '../shared/types';

export type PrintFailure =
  'invalid' | 'api' | 'printer' | 'spooler' | 'canceled' | 'aborted' | 'timeout' | 'unconfirmed';

/** A print that did not happen, or did not finish; `message` says why in the operator's words. */
export class PrintError extends Error {
  constructor(
    readonly reason: PrintFailure,
    message: string,
    readonly jobId: string | null = null,
  ) {
    super(message);
    this.name = 'PrintError';
  }
}

export interface JobDeps {
  readonly spooler: Spooler;
  readonly history: Pick<JobHistory, 'append'>;
  readonly onProgress?: (event: ProgressEvent) => void;
  /** How long a job may take to finish before it is cancelled (default 5 minutes). */
  readonly timeoutMs?: number;
  readonly pollMs?: number;
  readonly now?: () => Date;
}

/**
 * The journal's view of one job (station.ts): written before the job is sent, told CUPS' id, and
 * settled when the job ends. Whatever happens between, the next start of the station finds it.
 */
export interface JobIntent {
  submitted(job: SubmittedJob): Promise<void>;
  /** The job ended without printing and nothing of it is left in CUPS: forget it. */
  ended(): Promise<void>;
}

export interface JobSpec {
  readonly kind: HistoryEntry['kind'];
  readonly printer: string;
  /** Queue title: short, file-name safe (cups-pdf names its output after it). */
  readonly title: string;
  readonly setId: string | null;
  /** Where a whole set's first sheet started (the read-back's default); absent for reprints and the rest. */
  readonly start?: { readonly column: number; readonly row: number };
  readonly pdf: Uint8Array;
  /** Journals the job right before it is sent (labels jobs, when the station keeps a journal). */
  readonly intent?: () => Promise<JobIntent>;
  /** The spooler's media for the job (the template's `media`); default `Letter`. */
  readonly media?: string;
  /** Copies of the document (default 1). */
  readonly copies?: number;
  /** Called once CUPS reports the job completed, never before: marks sets printed. */
  readonly afterCompleted?: (job: SubmittedJob, status: JobStatus) => Promise<AfterCompleted>;
}

export interface AfterCompleted {
  readonly marked: boolean;
  /** Not marked yet, but journaled: the station retries until the server accepts it. */
  readonly markPending?: boolean;
  /** The server's count of sets it marked, when it accepted the mark. */
  readonly updatedCount?: number;
  /** What happened, for history and the operator ("Marked the set printed"). */
  readonly note: string;
}

export interface JobResult extends AfterCompleted {
  readonly job: SubmittedJob;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

function failureOf(status: JobStatus, job: SubmittedJob, kind: JobSpec['kind']): PrintError {
  const what = kind === 'labels' ? 'the set was not marked printed' : 'nothing was printed';
  const why = status.message ? ` (${status.message})` : '';
  switch (status.state) {
    case 'canceled':
      return new PrintError('canceled', `Job ${job.id} was cancelled${why}; ${what}`, job.id);
    case 'aborted':
      return new PrintError('aborted', `Job ${job.id} was aborted by CUPS${why}; ${what}`, job.id);
    default:
      return new PrintError(
        'unconfirmed',
        `Job ${job.id} ended without confirming it printed${why}; ${what}`,
        job.id,
      );
  }
}

const outcomeOf = (error: PrintError): JobOutcome =>
  error.reason === 'printer' || error.reason === 'spooler'
    ? 'refused'
    : error.reason === 'canceled' ||
        error.reason === 'aborted' ||
        error.reason === 'timeout' ||
        error.reason === 'unconfirmed'
      ? error.reason
      : 'failed';

/**
 * Checks the printer, submits the PDF, waits for CUPS to say the job ended, and only if it
 * completed runs `afterCompleted` (marking sets printed). Every ending is written to history.
 */
export async function runPrintJob(deps: JobDeps, spec: JobSpec): Promise<JobResult> {
  const progress = deps.onProgress ?? (() => undefined);
  const now = deps.now ?? (() => new Date());
  let job: SubmittedJob | null = null;
  let completed = false;
  const record = (outcome: JobOutcome, marked: boolean, message: string) =>
    deps.history.append({
      time: now().toISOString(),
      kind: spec.kind,
      setId: spec.setId,
      ...(spec.start && { start: spec.start }),
      title: spec.title,
      printer: spec.printer,
      jobId: job?.id ?? null,
      outcome,
      marked,
      message,
    });

  try {
    progress({ stage: 'checking', message: `Checking printer ${spec.printer}` });
    const printers = await deps.spooler.printers().catch((error: Error) => {
      throw new PrintError('spooler', error.message);
    });
    const problem = printerProblem(printers, spec.printer);
    if (problem) throw new PrintError('printer', problem);

    const intent = spec.intent ? await spec.intent() : null;
    // Forgetting the intent is only right when the job is known to be gone; if even that fails,
    // the entry stays and the next start asks CUPS again.
    const forget = () => intent?.ended().catch(() => undefined);
    try {
      job = await deps.spooler.submit({
        printer: spec.printer,
        title: spec.title,
        pdf: spec.pdf,
        media: spec.media ?? 'Letter',
        ...(spec.copies && spec.copies > 1 && { copies: spec.copies }),
      });
    } catch (error) {
      await forget();
      throw new PrintError('spooler', error instanceof Error ? error.message : String(error));
    }
    const submitted = job;
    await intent?.submitted(submitted);
    progress({
      stage: 'submitted',
      jobId: submitted.id,
      message: `Submitted job ${submitted.id} to ${spec.printer}`,
    });

    const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const waited = await waitForJob(deps.spooler, submitted, {
      timeoutMs,
      pollMs: deps.pollMs,
      onStatus: (status) =>
        progress({
          stage: 'waiting',
          jobId: submitted.id,
          // A stopped printer says why (the operator can act on it); other states speak for themselves.
          message: `Job ${submitted.id} is ${status.state}${status.state === 'stopped' && status.message ? `: ${status.message}` : ''}`,
        }),
    });
    if (waited.timedOut) {
      // A job left in the queue could print later, with nothing marked: take it out.
      const cancelled = await deps.spooler.cancel(submitted).then(
        async () => {
          await forget();
          return 'cancelled it';
        },
        () => 'could not cancel it (the station follows it at its next start)',
      );
      const last = waited.status
        ? `last state ${waited.status.state}`
        : (waited.lastError ?? 'no answer from CUPS');
      throw new PrintError(
        'timeout',
        `Job ${submitted.id} did not finish within ${Math.round(timeoutMs / 1000)} s (${last}); ${cancelled}, and nothing was marked printed`,
        submitted.id,
      );
    }
    if (waited.status.state !== 'completed') {
      await forget();
      throw failureOf(waited.status, submitted, spec.kind);
    }

    completed = true;
    progress({ stage: 'completed', jobId: submitted.id, message: `Job ${submitted.id} completed` });
    const after = spec.afterCompleted
      ? await spec.afterCompleted(submitted, waited.status)
      : { marked: false, note: 'Printed' };
    await record('completed', after.marked, after.note);
    return { job: submitted, ...after };
  } catch (caught) {
    const error =
      caught instanceof PrintError
        ? caught
        : new PrintError('api', caught instanceof Error ? caught.message : String(caught), job?.id ?? null);
    const message = completed ? `Job ${job?.id} completed, but ${error.message}` : error.message;
    await record(completed ? 'completed' : outcomeOf(error), false, message).catch(() => undefined);
    progress({ stage: 'failed', jobId: job?.id, message });
    throw completed ? new PrintError(error.reason, message, job?.id ?? null) : error;
  }
}
