import type { StationApi } from './apiClient';
import { createApiClient, normalizeServerUrl } from './apiClient';
import { CalibrationStore } from './calibration';
import { JobHistory } from './jobHistory';
import type { PendingMark } from './markJournal';
import { MarkJournal } from './markJournal';
import type { MarkQueue } from './pipelineParts';
import type { PrintSheetsJob, PrintSetInput, PrintOutcome, PipelineDeps } from './printPipeline';
import { printCalibrationSheet, printSet, printSheets } from './printPipeline';
import type { ProgressEvent } from './printJob';
import type { SessionStore } from './session';
import type { Spooler } from './spooler';
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
  const spooler = options.spooler ?? platformSpooler();
  const client = (serverUrl: string, token: string | null = null) =>
    createApiClient({ serverUrl, token, fetch: options.fetch, timeoutMs: options.apiTimeoutMs });

  async function api(): Promise<StationApi> {
    const session = await options.sessions.load();
    if (!session) throw new NotSignedInError();
    return client(session.serverUrl, session.token);
  }

  /** Journal first, then one attempt: a completed job's mark survives a lost server or a restart. */
  const markQueue = (target: StationApi): MarkQueue => ({
    async markPrinted(request) {
      const mark = await marks.add({
        serverUrl: target.serverUrl,
        setIds: [...request.setIds],
        label: request.label,
        jobId: request.jobId,
        printer: request.printer,
        title: request.title,
        completedAt: new Date().toISOString(),
      });
      return (await marks.attempt(mark, target)) ?? { status: 'pending', error: 'already being sent' };
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

  let retrying: Promise<PendingMark[]> | null = null;
  /**
   * Sends every pending mark of the signed-in server again, oldest first; stops at the first one
   * that is still pending (the server is away: no point in asking again for the others now).
   * Resolves to what is still pending, on any server.
   */
  async function retryMarks(): Promise<PendingMark[]> {
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
    /** One retry sweep at a time; concurrent callers share it. */
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

    printCalibrationSheet: async (
      input: { printer: string; templateId?: string },
      onProgress?: ProgressListener,
    ): Promise<PrintOutcome> => printCalibrationSheet(jobDeps(onProgress), input),
  };
}

export type Station = ReturnType<typeof createStation>;
