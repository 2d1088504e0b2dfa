/**
 * The data that crosses the bridge (printers, jobs, history, marks, session), declared without
 * Node so the renderer's DOM-only program can use them; core/ implements what produces them and
 * re-exports them. zod is pure, so the schemas the stores parse with live here too.
 */
import { z } from 'zod';
import type { PrintMark } from '@homing/shared';
import type { ReadBackReport } from '../core/readBack';
import type { SessionUser } from '../core/sessionSchema';

export type { ReadBackReport } from '../core/readBack';

export type PrinterState = 'idle' | 'printing' | 'stopped' | 'unknown';

export interface PrinterInfo {
  readonly name: string;
  /** 'unknown' for destinations CUPS lists but does not report on (e.g. temporary IPP queues). */
  readonly state: PrinterState;
  /** null when CUPS did not say. */
  readonly accepting: boolean | null;
  readonly isDefault: boolean;
  /** The printer's state message or the reason it was stopped or rejects jobs, if any. */
  readonly message: string | null;
}

export type ProgressStage =
  | 'loading'
  | 'rendering'
  | 'checking'
  | 'submitted'
  | 'waiting'
  | 'completed'
  | 'marked'
  /** Printed; marking the sets printed waits for the server (the station keeps retrying). */
  | 'pending'
  | 'failed';

/** What the operator sees while a job runs (the CLI prints `message`, the window shows it). */
export interface ProgressEvent {
  readonly stage: ProgressStage;
  readonly message: string;
  readonly jobId?: string;
  readonly setId?: string;
}

export const jobOutcomes = [
  'completed',
  'canceled',
  'aborted',
  'timeout',
  'unconfirmed',
  'refused',
  'failed',
] as const;
export type JobOutcome = (typeof jobOutcomes)[number];

export const historyEntrySchema = z.object({
  time: z.string(),
  kind: z.enum(['labels', 'calibration']),
  /** The set printed; null for calibration sheets and test prints. */
  setId: z.string().nullable(),
  /** Where a whole set's first sheet started (absent for reprints, several sets, older entries). */
  start: z.object({ column: z.number().int().min(1), row: z.number().int().min(1) }).optional(),
  title: z.string(),
  printer: z.string(),
  /** CUPS' job id (`HomingPDF-12`); null when nothing was submitted. */
  jobId: z.string().nullable(),
  outcome: z.enum(jobOutcomes),
  /** Whether this job marked sets printed in the API. */
  marked: z.boolean(),
  message: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const pendingMarkSchema = z.object({
  id: z.string(),
  /** The server the sets belong to: retried only while signed in there. */
  serverUrl: z.string(),
  setIds: z.array(z.string()).min(1),
  /** "set Set 11-22-2026 #1", for messages and history. */
  label: z.string(),
  jobId: z.string().nullable(),
  printer: z.string(),
  title: z.string(),
  completedAt: z.string(),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** A station process is sending it until then (ISO time); the others leave it alone meanwhile. */
  sendingUntil: z.string().nullable().default(null),
});
export type PendingMark = z.infer<typeof pendingMarkSchema>;

/**
 * A labels job the station is about to send or has sent, whose ending it has not seen yet:
 * journaled before `lp` runs, so a station that is quit, killed or crashes learns at its next
 * start what became of the job (completed: its sets are marked once; cancelled or aborted: not).
 */
export const inFlightJobSchema = z.object({
  id: z.string(),
  serverUrl: z.string(),
  /** The sets to mark once CUPS says completed (decided before submitting); may be none (a reprint). */
  setIds: z.array(z.string()),
  label: z.string(),
  printer: z.string(),
  title: z.string(),
  /** CUPS' job id once `lp` answered; null in the moment before (found again by title). */
  jobId: z.string().nullable(),
  /**
   * The station run that sent it, which follows it to its end; any other run settles it by asking
   * CUPS about the job (never by whether some process is alive).
   */
  runId: z.string(),
  startedAt: z.string(),
});
export type InFlightJob = z.infer<typeof inFlightJobSchema>;

export interface PrintOutcome {
  readonly jobId: string;
  readonly printer: string;
  readonly title: string;
  readonly pages: number;
  readonly labels: number;
  readonly marked: boolean;
  /** Printed and journaled, not yet accepted by the server: the station keeps retrying. */
  readonly markPending: boolean;
  readonly note: string;
  /** A sheets job's mark, as the admin screens' print port returns it (null: nothing to mark). */
  readonly mark?: PrintMark | null;
}

/** A printer's offsets (mm; positive x right, positive y down) and when they were set. */
export interface PrinterCalibration {
  readonly xMm: number;
  readonly yMm: number;
  readonly printer: string;
  /** ISO time of the last change; null for a printer never calibrated (offsets 0). */
  readonly updatedAt: string | null;
}

/** The session as the station shows it: never the token. */
export interface SessionInfo {
  readonly serverUrl: string;
  readonly user: SessionUser;
}

/**
 * Codes a read-back found unreadable, missing or duplicated, queued to be printed again (same
 * codes) from the first free label after the set (`reprint-queue.jsonl`, one entry a line).
 */
export const reprintEntrySchema = z.object({
  time: z.string(),
  setId: z.string(),
  /** For the operator's eyes only (older entries and the CLI's may lack it). */
  setName: z.string().optional(),
  codes: z.array(z.string()).min(1),
  startColumn: z.number().int().min(1).default(1),
  startRow: z.number().int().min(1).default(1),
});
export type ReprintEntry = z.infer<typeof reprintEntrySchema>;

/** A read-back as the station answers it: the report, and what it queued (null: nothing failed). */
export interface ReadBackResult {
  readonly set: { readonly id: string; readonly name: string; readonly labels: number };
  readonly report: ReadBackReport;
  readonly queued: ReprintEntry | null;
}

/** The reprint queue printed, entry by entry, up to the first failure (which stays queued). */
export interface ReprintResult {
  readonly printed: readonly { readonly entry: ReprintEntry; readonly outcome: PrintOutcome }[];
  /** Why the next entry was not printed; it and everything after it are still queued. */
  readonly error: string | null;
  readonly queue: readonly ReprintEntry[];
}
