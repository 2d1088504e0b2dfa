import type { LabelTemplate } from '@homing/label-layout';
import { getTemplate, isValidStart } from '@homing/label-layout';
import type { printSheetsRequest } from '@homing/shared';
import type { z } from 'zod';
import type { StationApi, StationSet } from './apiClient';
import type { CalibrationStore } from './calibration';
import type { AfterCompleted, JobDeps } from './printJob';
import { PrintError } from './printJob';

/** What the pipeline's entry points (printSet, printSheets, printCalibrationSheet) share. */

export interface PipelineDeps extends JobDeps {
  readonly api: Pick<StationApi, 'getSet' | 'getAppConfig' | 'markSetsPrinted'>;
  readonly calibration: Pick<CalibrationStore, 'get'>;
}

export interface PrintOutcome {
  readonly jobId: string;
  readonly printer: string;
  readonly title: string;
  readonly pages: number;
  readonly labels: number;
  readonly marked: boolean;
  readonly note: string;
}

export interface PrintSetInput {
  readonly setId: string;
  readonly printer: string;
  /** 1-based, first sheet only (default 1). */
  readonly startColumn?: number;
  readonly startRow?: number;
  /** Receives the PDF as rendered, before it is submitted (the CLI's `--out`). */
  readonly onRendered?: (pdf: Uint8Array) => Promise<void> | void;
}

/** The shared print request of the admin screens (PrintPort), after parsing. */
export type PrintSheetsJob = z.output<typeof printSheetsRequest>;

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
  if (!isValidStart(template, { column, row }))
    throw new PrintError(
      'invalid',
      `Start column must be 1-${template.columns} and start row 1-${template.rows} for ${template.name}`,
    );
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

export async function markAfterCompletion(
  deps: PipelineDeps,
  setIds: string[],
  label: string,
): Promise<AfterCompleted> {
  try {
    const { updatedCount } = await deps.api.markSetsPrinted(setIds);
    const note = `Marked ${label} printed`;
    deps.onProgress?.({ stage: 'marked', message: `${note} (${updatedCount} updated)` });
    return { marked: true, note };
  } catch (error) {
    throw new PrintError('api', `marking ${label} printed failed: ${(error as Error).message}`);
  }
}
