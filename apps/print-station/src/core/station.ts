import type { StationApi } from './apiClient';
import { createApiClient, normalizeServerUrl } from './apiClient';
import { CalibrationStore } from './calibration';
import { JobHistory } from './jobHistory';
import type { PrintSheetsJob, PrintSetInput, PrintOutcome, PipelineDeps } from './printPipeline';
import { printCalibrationSheet, printSet, printSheets } from './printPipeline';
import type { ProgressEvent } from './printJob';
import type { SessionStore, SessionUser } from './session';
import type { Spooler } from './spooler';
import { CupsSpooler, WindowsSpooler } from './spooler';
import { stationPaths } from './stationHome';

export class NotSignedInError extends Error {
  constructor() {
    super('Not signed in');
    this.name = 'NotSignedInError';
  }
}

/** The session as the station shows it: never the token. */
export interface SessionInfo {
  readonly serverUrl: string;
  readonly user: SessionUser;
}

export interface StationOptions {
  /** Folder for calibration and history (the session's place is up to `sessions`). */
  readonly home: string;
  readonly sessions: SessionStore;
  readonly spooler?: Spooler;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  readonly pollMs?: number;
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
  const spooler = options.spooler ?? platformSpooler();

  async function api(): Promise<StationApi> {
    const session = await options.sessions.load();
    if (!session) throw new NotSignedInError();
    return createApiClient({ serverUrl: session.serverUrl, token: session.token, fetch: options.fetch });
  }

  const jobDeps = (onProgress?: ProgressListener) => ({
    spooler,
    calibration,
    history,
    onProgress,
    timeoutMs: options.timeoutMs,
    pollMs: options.pollMs,
  });
  const deps = async (onProgress?: ProgressListener): Promise<PipelineDeps> => ({
    ...jobDeps(onProgress),
    api: await api(),
  });

  return {
    calibration,
    history,
    spooler,
    api,

    async session(): Promise<SessionInfo | null> {
      const session = await options.sessions.load();
      return session && { serverUrl: session.serverUrl, user: session.user };
    },

    /** Signs in an admin (others are refused) and keeps the session. */
    async login(serverUrl: string, identifier: string, password: string): Promise<SessionInfo> {
      const client = createApiClient({ serverUrl: normalizeServerUrl(serverUrl), fetch: options.fetch });
      const { user, token } = await client.login(identifier, password);
      await options.sessions.save({ serverUrl: client.serverUrl, token, user });
      return { serverUrl: client.serverUrl, user };
    },

    async logout(): Promise<void> {
      const session = await options.sessions.load();
      if (session) await createApiClient({ ...session, fetch: options.fetch }).logout();
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
