/**
 * The one object the renderer talks to (`window.homingStation`): Electron's preload implements it
 * over IPC, the browser twin over HTTP. Types and channel names only, so the sandboxed preload and
 * the renderer bundle carry no schema code; main parses every payload (ipc.ts), and each input
 * type here is what its schema there accepts (`z.input`: before defaults are filled in).
 */
import type { z } from 'zod';
import type {
  apiRequestSchema,
  calibrationSetSchema,
  calibrationSheetSchema,
  loginInputSchema,
  printSetSchema,
  printSheetsSchema,
  readBackSchema,
  saveSetsPdfSchema,
} from './ipc';
import type {
  HistoryEntry,
  PendingMark,
  PrinterCalibration,
  PrinterInfo,
  PrintOutcome,
  ProgressEvent,
  ReadBackReport,
  ReadBackResult,
  ReprintEntry,
  ReprintResult,
  SessionInfo,
} from './types';

export type {
  ReadBackReport,
  ReadBackResult,
  ReprintEntry,
  ReprintResult,
  HistoryEntry,
  PendingMark,
  PrinterCalibration,
  PrinterInfo,
  PrintOutcome,
  ProgressEvent,
  SessionInfo,
};

/**
 * How the signed-in session is kept: sealed by the OS keyring; in memory only (no keyring, e.g.
 * Electron's safeStorage on `basic_text`: sign in again after a restart); or, by the admin's
 * choice, in a 0600 file unencrypted.
 */
export type SessionProtection = 'encrypted' | 'memory-only' | 'unencrypted';

export const CHANNELS = {
  session: 'station:session',
  login: 'station:login',
  logout: 'station:logout',
  api: 'station:api',
  printers: 'station:printers',
  printerTemplates: 'station:printer-templates',
  printSet: 'station:print-set',
  printSheets: 'station:print-sheets',
  calibrationGet: 'station:calibration-get',
  calibrationSet: 'station:calibration-set',
  calibrationSheet: 'station:calibration-sheet',
  history: 'station:history',
  pendingMarks: 'station:pending-marks',
  sessionProtection: 'station:session-protection',
  allowUnencryptedSession: 'station:allow-unencrypted-session',
  saveSetsPdf: 'station:save-sets-pdf',
  readBack: 'station:read-back',
  reprintQueue: 'station:reprint-queue',
  reprint: 'station:reprint',
  /** main → renderer: ProgressEvent of the running job. */
  progress: 'station:progress',
} as const;

/** A scan's long side above this is cut down by the renderer before sending (≈ 360 dpi on Letter). */
export const SCAN_MAX_SIDE = 4000;

/** What crosses IPC back: a value, or the error's message (Electron would mangle a thrown one). */
export type IpcResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

export type LoginInput = z.input<typeof loginInputSchema>;

/** A call to the Homing API, made by main with the session's token (the renderer never has it). */
export type ApiRequest = z.input<typeof apiRequestSchema>;

export interface ApiReply {
  status: number;
  /** The response body as text (JSON for every path the renderer may call). */
  body: string;
}

export type PrintSetRequest = z.input<typeof printSetSchema>;
export type PrintSheetsInput = z.input<typeof printSheetsSchema>;
export type CalibrationInput = z.input<typeof calibrationSetSchema>;
export type CalibrationSheetInput = z.input<typeof calibrationSheetSchema>;
export type SaveSetsPdfInput = z.input<typeof saveSetsPdfSchema>;
export type ReadBackInput = z.input<typeof readBackSchema>;

export interface StationBridge {
  readonly kind: 'electron' | 'browser-twin';
  session(): Promise<SessionInfo | null>;
  /** Admins only: anyone else gets 'This account is not an admin'. */
  login(input: LoginInput): Promise<SessionInfo>;
  logout(): Promise<void>;
  api(request: ApiRequest): Promise<ApiReply>;
  printers(): Promise<PrinterInfo[]>;
  /** Ids of the label templates the printer's media fit (its PPD's page sizes). */
  printerTemplates(printer: string): Promise<string[]>;
  /** Prints silently, waits for the job to complete, then marks the set printed (if it should). */
  printSet(input: PrintSetRequest): Promise<PrintOutcome>;
  /** The admin screens' PrintPort request on a station printer. */
  printSheets(input: PrintSheetsInput): Promise<PrintOutcome>;
  calibration: {
    get(printer: string): Promise<PrinterCalibration>;
    set(input: CalibrationInput): Promise<PrinterCalibration>;
  };
  calibrationSheet(input: CalibrationSheetInput): Promise<PrintOutcome>;
  history(limit?: number): Promise<HistoryEntry[]>;
  /** Sets printed whose mark the server has not accepted yet (main keeps retrying them). */
  pendingMarks(): Promise<PendingMark[]>;
  sessionProtection(): Promise<SessionProtection>;
  /** Where there is no keyring: keep the session in memory only (false) or unencrypted on disk. */
  allowUnencryptedSession(allow: boolean): Promise<SessionProtection>;
  /** Saves the sets' PDF where the operator chooses: `saved: false` when they cancel; rejects on failure. */
  saveSetsPdf(input: SaveSetsPdfInput): Promise<{ saved: boolean }>;
  /** Reads a scan of a set's printed sheet back and queues the labels that failed for reprint. */
  readBack(input: ReadBackInput): Promise<ReadBackResult>;
  /** The labels queued for reprint, oldest first. */
  reprintQueue(): Promise<ReprintEntry[]>;
  /** Prints the reprint queue (same codes, from each entry's start); a failure keeps the rest queued. */
  reprint(printer: string): Promise<ReprintResult>;
  /** Live progress of print jobs; returns the unsubscribe. */
  onProgress(listener: (event: ProgressEvent) => void): () => void;
}

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser (the twin stands in). */
    homingStation?: StationBridge;
  }
}
