import type { LabelTemplate } from '@homing/label-layout';
import { getTemplate } from '@homing/label-layout';
import type { z } from 'zod';
import type { stationSheetsJobSchema } from '../shared/ipc';
import type { StationApi, StationSet } from './apiClient';
import type { CalibrationStore } from './calibration';
import type { JobStatus } from './cupsJobs';
import type { MarkAttempt } from './markJournal';
import type { AfterCompleted, JobDeps, JobIntent, JobSpec } from './printJob';
import { PrintError } from './printJob';
import { startProblem } from './setRules';

export type { PrintOutcome } from '../shared/types';

/** What the pipeline's entry points (printSet, printSheets, printCalibrationSheet) share. */

export interface MarkRequest {
  /** The sets to mark when the job completes (decided before it is sent); may be none. */
  readonly setIds: readonly string[];
  readonly label: string;
  readonly printer: string;
  readonly title: string;
}

/** A journaled job (station.ts): `completed` turns it into a pending mark and tries it once. */
export interface JournaledJob extends JobIntent {
  /** CUPS said completed (`status`, with its completion time). Null when the job had nothing to mark. */
  completed(status: JobStatus): Promise<MarkAttempt | null>;
}

/**
 * Marks sets printed durably: the job is journaled before it is sent, its mark journaled when it
 * completes, then tried; the station retries what is pending and settles what a quit left.
 */
export interface MarkQueue {
  begin(request: MarkRequest): Promise<JournaledJob>;
}

export interface PipelineDeps extends JobDeps {
  readonly api: Pick<StationApi, 'getSet' | 'getAppConfig' | 'markSetsPrinted'>;
  readonly calibration: Pick<CalibrationStore, 'get'>;
  /** Without it (unit tests), marking is one direct call and a failure is the job's failure. */
  readonly marks?: MarkQueue;
}

export interface PrintSetInput {
  readonly setId: string;
  readonly printer: string;
  /** 1-based, first sheet only (default 1). */
  readonly startColumn?: number;
  readonly startRow?: number;
  /** A preset's template: the set must be of it. */
  readonly templateId?: string;
  /**
   * Copies of the whole job (a preset's count; default 1). Offsets are never a preset's: every
   * print uses the printer's own calibration on this station.
   */
  readonly copies?: number;
  /** Receives the PDF as rendered, before it is submitted (the CLI's `--out`). */
  readonly onRendered?: (pdf: Uint8Array) => Promise<void> | void;
  /**
   * Only these of the set's codes, in this order (a reprint of the labels a read-back found
   * failed); each must be one of the set's codes as the server lists them. Marks nothing.
   */
  readonly codes?: readonly string[];
}

/** A sheets job as the renderer names it (sets by id, or a test page), after parsing. */
export type PrintSheetsJob = z.output<typeof stationSheetsJobSchema>;

/** A queue title that is also a safe file name: `homing-batch-7-20261122t101500-k3f9`. */
export function jobTitle(name: string, now: Date, random: () => number = Math.random): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  const stamp = now.toISOString().replace(/[-:]/g, '').slice(0, 15).toLowerCase();
  const suffix = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return ['homing', slug || 'labels', stamp, suffix].join('-');
}

export { isMarkable } from './setRules';

export function whyNotMarked(set: StationSet): string {
  if (set.isReleased) return 'Reprint of a released set: nothing marked';
  if (set.isPrinted) return 'Reprint of a printed set: nothing marked';
  if (set.parentSetId !== null) return 'A child set: nothing marked';
  return 'A split set: nothing marked';
}

export const signedMm = (value: number) => `${value < 0 ? '-' : '+'}${Math.abs(value).toFixed(2)} mm`;

export function templateOf(id: string): LabelTemplate {
  const template = getTemplate(id);
  if (!template) throw new PrintError('invalid', `Unknown label template ${id}`);
  return template;
}

export function checkStart(template: LabelTemplate, column: number, row: number): void {
  const problem = startProblem(template, column, row);
  if (problem) throw new PrintError('invalid', problem);
}

/** Anything that fails before a job exists still tells the operator, then propagates. */
export async function preparing<T>(deps: JobDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    const error = caught instanceof PrintError ? caught : new PrintError('api', (caught as Error).message);
    deps.onProgress?.({ stage: 'failed', message: error.message });
    throw error;
  }
}

async function markDirectly(deps: PipelineDeps, setIds: readonly string[]): Promise<MarkAttempt> {
  try {
    return { status: 'marked', ...(await deps.api.markSetsPrinted(setIds)) };
  } catch (error) {
    return { status: 'refused', error: (error as Error).message };
  }
}

/**
 * What a labels job marks, journaled: the intent before the job is sent (`intent`), the mark when
 * CUPS says completed (`afterCompleted`). Without a journal (unit tests), one direct call.
 */
export function journaledMarking(
  deps: PipelineDeps,
  request: MarkRequest,
  /** The note when the job completes with nothing to mark ("Reprint of a printed set: …"). */
  nothingMarked: string,
): Pick<JobSpec, 'intent' | 'afterCompleted'> {
  const marks = deps.marks;
  let journaled: JournaledJob | null = null;
  return {
    intent: marks ? async () => (journaled = await marks.begin(request)) : undefined,
    afterCompleted: async (job, status) => {
      const attempt = journaled
        ? await journaled.completed(status)
        : request.setIds.length > 0
          ? await markDirectly(deps, request.setIds)
          : null;
      return attempt ? afterMark(deps, attempt, request.label, job) : { marked: false, note: nothingMarked };
    },
  };
}

function afterMark(
  deps: PipelineDeps,
  attempt: MarkAttempt,
  label: string,
  job: { readonly id: string },
): AfterCompleted {
  if (attempt.status === 'marked') {
    const note = `Marked ${label} printed`;
    deps.onProgress?.({
      stage: 'marked',
      jobId: job.id,
      message: `${note} (${attempt.updatedCount} updated)`,
    });
    return { marked: true, note, updatedCount: attempt.updatedCount };
  }
  if (attempt.status === 'pending') {
    const note = `Printed; marking ${label} printed is pending (${attempt.error}): the station retries until the server accepts it`;
    deps.onProgress?.({ stage: 'pending', jobId: job.id, message: note });
    return { marked: false, markPending: true, note };
  }
  throw new PrintError('api', `marking ${label} printed failed: ${attempt.error}`);
}
