import { randomUUID } from 'node:crypto';
import type { StationApi } from './apiClient';
import { createApiClient, normalizeServerUrl } from './apiClient';
import { CalibrationStore } from './calibration';
import { JobHistory } from './jobHistory';
import { readTextIfExists, writeFileAtomic } from './jsonFile';
import { jobRefOf } from './cupsJobs';
import type { InFlightJob, PendingMark } from './markJournal';
import { MarkJournal } from './markJournal';
import type { MarkQueue } from './pipelineParts';
import type { PrintSheetsJob, PrintSetInput, PrintOutcome, PipelineDeps } from './printPipeline';
import { printCalibrationSheet, printSet, printSheets } from './printPipeline';
import type { ProgressEvent } from './printJob';
import type { ReadBackReport } from './readBack';
import type { ReadBackResult, ReprintResult } from './reprintQueue';
import { readBackSet, ReprintQueue } from './reprintQueue';
import type { SheetInput } from './scanDecode';
import type { SessionStore } from './session';
import type { Spooler, SubmittedJob } from './spooler';
import { CupsSpooler, WindowsSpooler } from './spooler';
import { stationPaths } from './stationHome';
import type { SessionInfo } from '../shared/types';

export type { SessionInfo } from '../shared/types';

export class NotSignedInError extends Error {
  constructor() {
    super('Not signed in');
    this.name = 'NotSignedInError';
  }
}

export interface StationOptions {
  /** Folder for calibration and history (the session's place is up to `sessions`). */
  readonly home: string;
  readonly sessions: SessionStore;
  readonly spooler?: Spooler;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly pollMs?: number;
  /** Time limit of every API call (default 30 s). */
  readonly apiTimeoutMs?: number;
}

export type ProgressListener = (event: ProgressEvent) => void;

/** What happens to a job still in CUPS when the station stops now: the operator reads it on quitting. */
export function quitNotice(jobs: readonly InFlightJob[]): string | null {
  if (jobs.length === 0) return null;
  const lines = jobs.map((job) => {
    const which = `Job ${job.jobId ?? `"${job.title}"`} on ${job.printer}`;
    return job.setIds.length > 0
      ? `${which} has not finished. If it prints, ${job.label} is marked printed the next time the station starts; if it is cancelled or aborted, nothing is marked. The station keeps it in its journal until then.`
      : `${which} has not finished; it marks nothing, and the station records how it ended the next time it starts.`;
  });
  return lines.join('\n');
}

/** CUPS on Linux and macOS; Windows prints through Electron (README). */
export const platformSpooler = (platform: NodeJS.Platform = process.platform): Spooler =>
  platform === 'win32' ? new WindowsSpooler() : new CupsSpooler();

/**
 * Everything the station does, without Electron: the command line and Electron's main process
 * are both thin shells over this.
 */
export function createStation(options: StationOptions) {
  const paths = stationPaths(options.home);
  const calibration = new CalibrationStore(paths.calibration);
  const history = new JobHistory(paths.history);
  const marks = new MarkJournal(paths.marks);
  const reprints = new ReprintQueue({
    read: () => readTextIfExists(paths.reprints),
    write: (text) => writeFileAtomic(paths.reprints, text),
  });
  const spooler = options.spooler ?? platformSpooler();
  const client = (serverUrl: string, token: string | null = null) =>
    createApiClient({ serverUrl, token, fetch: options.fetch, timeoutMs: options.apiTimeoutMs });

  async function api(): Promise<StationApi> {
    const session = await options.sessions.load();
    if (!session) throw new NotSignedInError();
    return client(session.serverUrl, session.token);
  }

  /** This run of the station: jobs journaled under it are followed by it, not reconciled. */
  const runId = randomUUID();

  /**
   * The intent is journaled before the job is sent; when CUPS says completed it becomes a pending
   * mark (one atomic write) and is tried once: a mark survives a lost server, a quit or a crash.
   */
  const markQueue = (target: StationApi): MarkQueue => ({
    async begin(request) {
      let entry = await marks.begin({
        serverUrl: target.serverUrl,
        setIds: [...request.setIds],
        label: request.label,
        printer: request.printer,
        title: request.title,
        runId,
      });
      return {
        submitted: async (job) => {
          entry = { ...entry, jobId: job.id };
          await marks.submitted(entry.id, job.id);
        },
        ended: async () => void (await marks.drop(entry.id)),
        async completed(status) {
          const completion = await marks.complete(entry.id, status.completedAt ?? new Date().toISOString());
          if (completion.kind === 'nothing') return null;
          // Settled by another station process meanwhile: its mark, if still pending, is the one.
          const mark =
            completion.kind === 'pending'
              ? completion.mark
              : (await marks.list()).find((one) => one.jobId === entry.jobId && one.jobId !== null);
          const attempt = mark ? await marks.attempt(mark, target) : null;
          return attempt ?? { status: 'pending', error: 'another station process is marking it' };
        },
      };
    },
  });

  const recordLateMark = (mark: PendingMark, marked: boolean, message: string) =>
    history.append({
      time: new Date().toISOString(),
      kind: 'labels',
      setId: mark.setIds.length === 1 ? mark.setIds[0] : null,
      title: mark.title,
      printer: mark.printer,
      jobId: mark.jobId,
      outcome: marked ? 'completed' : 'failed',
      marked,
      message,
    });

  const recordSettled = (
    entry: InFlightJob,
    outcome: 'canceled' | 'aborted' | 'unconfirmed' | 'failed',
    message: string,
  ) =>
    history.append({
      time: new Date().toISOString(),
      kind: 'labels',
      setId: entry.setIds.length === 1 ? entry.setIds[0] : null,
      title: entry.title,
      printer: entry.printer,
      jobId: entry.jobId,
      outcome,
      marked: false,
      message,
    });

  /**
   * One journaled job left by a station that stopped (quit, killed, crashed) before seeing it end:
   * CUPS is asked. Completed → its mark becomes pending (sent by retryMarks); cancelled or
   * aborted → forgotten, written to history, nothing marked; still queued → left for later.
   */
  async function settle(entry: InFlightJob): Promise<void> {
    let jobId = entry.jobId;
    if (!jobId) {
      // Stopped between sending and noting CUPS' answer: the title finds the job.
      if (!spooler.findJob) return;
      const found = await spooler.findJob(entry.printer, entry.title).catch(() => undefined);
      if (found === undefined) return;
      if (found === null) {
        if (!(await marks.drop(entry.id))) return;
        await recordSettled(
          entry,
          'failed',
          `The job never reached ${entry.printer}; nothing was marked printed`,
        );
        return;
      }
      jobId = found.id;
      await marks.submitted(entry.id, jobId);
    }
    const ref = jobRefOf(jobId);
    if (!ref) return;
    const job: SubmittedJob = { ...ref, printer: entry.printer, title: entry.title };
    const status = await spooler.status(job).catch(() => null);
    if (!status) return;
    const settledEntry = { ...entry, jobId };
    const what = entry.setIds.length > 0 ? `${entry.label} was not marked printed` : 'nothing was marked';
    const why = status.message ? ` (${status.message})` : '';
    switch (status.state) {
      case 'completed': {
        // The mark carries CUPS' completion time, not the time this station found out.
        const completion = await marks.complete(entry.id, status.completedAt ?? new Date().toISOString());
        if (completion.kind === 'nothing')
          await history.append({
            time: new Date().toISOString(),
            kind: 'labels',
            setId: null,
            title: entry.title,
            printer: entry.printer,
            jobId,
            outcome: 'completed',
            marked: false,
            message: `Job ${jobId} completed after the station stopped; nothing to mark`,
          });
        return;
      }
      case 'canceled':
      case 'aborted':
        if (!(await marks.drop(entry.id))) return;
        await recordSettled(
          settledEntry,
          status.state,
          `Job ${jobId} was ${status.state === 'canceled' ? 'cancelled' : 'aborted by CUPS'} after the station stopped${why}; ${what}`,
        );
        return;
      case 'ended':
        if (!(await marks.drop(entry.id))) return;
        await recordSettled(
          settledEntry,
          'unconfirmed',
          `Job ${jobId} ended after the station stopped without confirming it printed${why}; ${what}`,
        );
        return;
      default:
        return; // still queued or printing: asked again at the next sweep
    }
  }

  /**
   * Every journaled job of another station run, settled by asking CUPS about the job itself
   * (never by whether the process that sent it seems alive: after a restart its id may be
   * anyone's). A run still following its own job loses nothing: the journal settles a job once.
   * Resolves to those still open.
   */
  async function reconcileJobs(): Promise<InFlightJob[]> {
    for (const entry of await marks.inFlight()) if (entry.runId !== runId) await settle(entry);
    return marks.inFlight();
  }

  let retrying: Promise<PendingMark[]> | null = null;
  /**
   * Sends every pending mark of the signed-in server again, oldest first; stops at the first one
   * that is still pending (the server is away: no point in asking again for the others now).
   * Resolves to what is still pending, on any server.
   */
  async function retryMarks(): Promise<PendingMark[]> {
    await reconcileJobs().catch(() => undefined);
    const session = await options.sessions.load();
    if (session) {
      const target = client(session.serverUrl, session.token);
      for (const mark of await marks.list()) {
        if (mark.serverUrl !== target.serverUrl) continue;
        const attempt = await marks.attempt(mark, target);
        if (attempt?.status === 'pending') break;
        if (attempt?.status === 'marked')
          await recordLateMark(
            mark,
            true,
            `Marked ${mark.label} printed (job completed ${mark.completedAt})`,
          );
        if (attempt?.status === 'refused')
          await recordLateMark(
            mark,
            false,
            `The server refused to mark ${mark.label} printed: ${attempt.error}`,
          );
      }
    }
    return marks.list();
  }

  const jobDeps = (onProgress?: ProgressListener) => ({
    spooler,
    calibration,
    history,
    onProgress,
    timeoutMs: options.timeoutMs,
    pollMs: options.pollMs,
  });
  const deps = async (onProgress?: ProgressListener): Promise<PipelineDeps> => {
    const target = await api();
    return { ...jobDeps(onProgress), api: target, marks: markQueue(target) };
  };

  return {
    calibration,
    history,
    spooler,
    api,
    /** Sets printed whose mark the server has not accepted yet, oldest first. */
    pendingMarks: () => marks.list(),
    /** Journaled jobs not seen ending yet (this station's own, and any a stopped one left). */
    jobsInFlight: () => marks.inFlight(),
    /** What quitting now means for this station's unfinished jobs (null: nothing in flight). */
    async quitNotice(): Promise<string | null> {
      return quitNotice((await marks.inFlight()).filter((job) => job.runId === runId));
    },
    /**
     * Settles jobs a stopped station left (completed → pending mark; cancelled/aborted → history),
     * then sends pending marks. One sweep at a time; concurrent callers share it.
     */
    retryMarks(): Promise<PendingMark[]> {
      retrying ??= retryMarks().finally(() => (retrying = null));
      return retrying;
    },

    async session(): Promise<SessionInfo | null> {
      const session = await options.sessions.load();
      return session && { serverUrl: session.serverUrl, user: session.user };
    },

    /** Signs in an admin (others are refused) and keeps the session. */
    async login(serverUrl: string, identifier: string, password: string): Promise<SessionInfo> {
      const fresh = client(normalizeServerUrl(serverUrl));
      const { user, token } = await fresh.login(identifier, password);
      await options.sessions.save({ serverUrl: fresh.serverUrl, token, user });
      return { serverUrl: fresh.serverUrl, user };
    },

    async logout(): Promise<void> {
      const session = await options.sessions.load();
      if (session) await client(session.serverUrl, session.token).logout();
      await options.sessions.clear();
    },

    printers: () => spooler.printers(),

    printSet: async (input: PrintSetInput, onProgress?: ProgressListener): Promise<PrintOutcome> =>
      printSet(await deps(onProgress), input),

    printSheets: async (
      job: PrintSheetsJob,
      printer: string,
      onProgress?: ProgressListener,
    ): Promise<PrintOutcome> => printSheets(await deps(onProgress), job, printer),

    /** The read-back's queue of labels to print again. */
    reprints,

    /** Reads a sheet of the set (`read` decodes the picture) and queues the labels that failed. */
    readBack: async (
      input: { setId: string; startColumn: number; startRow: number },
      read: (sheet: SheetInput) => Promise<ReadBackReport>,
    ): Promise<ReadBackResult> => readBackSet(await api(), reprints, input, read),

    /** Prints the reprint queue on `printer`: same codes, from each entry's start; marks nothing. */
    reprint: async (printer: string, onProgress?: ProgressListener): Promise<ReprintResult> => {
      const pipeline = await deps(onProgress);
      return reprints.printAll((input) => printSet(pipeline, { ...input, printer }));
    },

    printCalibrationSheet: async (
      input: { printer: string; templateId?: string },
      onProgress?: ProgressListener,
    ): Promise<PrintOutcome> => printCalibrationSheet(jobDeps(onProgress), input),
  };
}

export type Station = ReturnType<typeof createStation>;
