import { z } from 'zod';
import { PAGES_TO_PRINT } from '../constants';
import { safeText } from './text';

// Payloads and answers of the admin API (PRODUCT.md, Entities and Calls) and the texts its screens show
// (PRODUCT.md, Errors). Rows and columns in answers are 1-based, as the split dialog shows them.

/** Labels on the largest sheet (Avery 4221); a bulk page never holds more. */
export const MAX_CODES_PER_PAGE = 80;
/** Bulk creation: at most 10 pages of 80 (PRODUCT.md, Limits). */
export const MAX_BULK_CODES = PAGES_TO_PRINT.max * MAX_CODES_PER_PAGE;

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);

const setId = z.uuid({ error: 'Unknown set' });
const setIds = z
  .array(setId, { error: 'setIds must be a list of set ids' })
  .min(1, 'Choose at least one set')
  .max(1000, 'At most 1000 sets at once');

export const bulkCreateCodesRequest = z.object({
  count: wholeNumber('count', 1, MAX_BULK_CODES),
  codesPerPage: wholeNumber('codesPerPage', 1, MAX_CODES_PER_PAGE),
  /**
   * The template the pages are printed on (not in the spec's payload): without it, the sheet
   * whose labels per sheet are `codesPerPage`, else Avery 4221; never a roll.
   */
  templateId: safeText('templateId', { error: 'Unknown template' })
    .trim()
    .min(1, 'Unknown template')
    .max(100)
    .optional(),
});
export type BulkCreateCodesRequest = z.infer<typeof bulkCreateCodesRequest>;

export const createSetWithCodesRequest = z.object({
  templateId: safeText('templateId', { error: 'Choose a template' })
    .trim()
    .min(1, 'Choose a template')
    .max(100),
  /** Roll templates only: how many labels the set holds (a sheet set is always one sheet). */
  count: z
    .number({ error: 'The number of labels must be a whole number from 1 to 500' })
    .int('The number of labels must be a whole number from 1 to 500')
    .min(1, 'The number of labels must be a whole number from 1 to 500')
    .max(500, 'The number of labels must be a whole number from 1 to 500')
    .optional(),
});
export type CreateSetWithCodesRequest = z.infer<typeof createSetWithCodesRequest>;

export const splitSetRequest = z.object({
  setId,
  rowsPerSet: wholeNumber('rowsPerSet', 1, 1000),
});
export type SplitSetRequest = z.infer<typeof splitSetRequest>;

export const markSetsPrintedRequest = z.object({ setIds });
export type MarkSetsPrintedRequest = z.infer<typeof markSetsPrintedRequest>;

export const markSetsReleasedRequest = z.object({ setIds });
export type MarkSetsReleasedRequest = z.infer<typeof markSetsReleasedRequest>;

export const setIdParams = z.object({ id: setId });

// Query strings are text; an absent value means "the first label" / "the set's template".
const queryNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(100, `${name} is too large`)
    .default(1);

export const labelsPdfQuery = z.object({
  startCol: queryNumber('startCol'),
  startRow: queryNumber('startRow'),
  templateId: safeText('templateId').trim().min(1).max(100).optional(),
});
export type LabelsPdfQuery = z.input<typeof labelsPdfQuery>;

/** Several sets in one PDF, each starting on a new sheet (the bulk print page's download). */
export const batchLabelsPdfQuery = labelsPdfQuery.extend({
  setIds: z
    .string({ error: 'setIds is required' })
    .transform((text) => text.split(',').map((id) => id.trim()))
    .pipe(setIds.max(50, 'At most 50 sets in one PDF')),
});

export interface PrintTemplate {
  id: string;
  name: string;
  description: string;
  labelsPerSheet: number;
  /**
   * Why this label cannot carry the instance's SMS number (label-layout's `smsLineProblem`, for the
   * configured number); null: it prints it when there is a number.
   */
  noSmsLine: string | null;
  /**
   * Set when this label's QR misses `npm run bench:label-read`'s acceptance (a phone must come
   * closer than arm's length): label-layout's `qrReadNote`, with the figures. Null: it meets it.
   */
  qrReadNote: string | null;
}

export interface BulkCreatedCode {
  id: string;
  value: string;
  setId: string;
  setName: string;
}

/** `POST /api/admin/qr-codes/bulk`: codes in page order; page n is `setIds[n - 1]`. */
export interface BulkCreateCodesResult {
  qrCodes: BulkCreatedCode[];
  setIds: string[];
  setNames: string[];
}

/**
 * The five counters. claimedCount: codes with an owner (assigned ones included);
 * assignedCount: codes on an item; unclaimedCount: codes without an owner, printed or not
 * (totalCount - claimedCount); printedCount: codes whose set is printed.
 */
export interface QrAnalytics {
  totalCount: number;
  printedCount: number;
  claimedCount: number;
  assignedCount: number;
  unclaimedCount: number;
}

// Answers of the admin API, as zod schemas: the API's presenters are typed by them and the print
// station parses what it receives with them (apps/print-station/src/core/apiClient.ts).

/**
 * A set in the list. codeCount, claimedCount and assignedCount cover the set's own codes and, for
 * a split parent (whose codes all moved to its children), its children's.
 */
export const qrCodeSetSummary = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  parentSetId: z.string().nullable(),
  templateId: z.string(),
  rows: z.number(),
  columns: z.number(),
  /** First row of the parent's grid this set covers (1 for a top-level set). */
  firstRow: z.number(),
  isPrinted: z.boolean(),
  isReleased: z.boolean(),
  printedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  codeCount: z.number(),
  childCount: z.number(),
  claimedCount: z.number(),
  assignedCount: z.number(),
});
export type QrCodeSetSummary = z.infer<typeof qrCodeSetSummary>;

export const qrCodeInSet = z.object({
  id: z.string(),
  value: z.string(),
  isClaimed: z.boolean(),
  isAssigned: z.boolean(),
  row: z.number(),
  column: z.number(),
  /** The set the code is in now: the set itself, or one of its children after a split. */
  setId: z.string(),
});
export type QrCodeInSet = z.infer<typeof qrCodeInSet>;

export const qrCodeSetDetail = qrCodeSetSummary.extend({
  /** In grid order: row by row, left to right. */
  qrCodes: z.array(qrCodeInSet),
});
export type QrCodeSetDetail = z.infer<typeof qrCodeSetDetail>;

export interface SplitSetResult {
  parent: QrCodeSetSummary;
  children: QrCodeSetSummary[];
}

export const markSetsPrintedResult = z.object({ updatedCount: z.number().int().min(0) });
export type MarkSetsPrintedResult = z.infer<typeof markSetsPrintedResult>;

/** Texts in PRODUCT.md (Errors) for the admin screens. */
export const ADMIN_MESSAGES = {
  loadTemplatesFailed: 'Failed to load templates',
  createCodesFailed: 'Failed to create QR codes',
  markCodesPrintedFailed: 'Failed to mark QR codes as printed',
  fetchAnalyticsFailed: 'Failed to fetch analytics',
  markSetsPrintedFailed: 'Failed to mark sets as printed',
  markSetsReleasedFailed: 'Failed to mark sets as released',
  loadAnalyticsFailed: 'Failed to load analytics',
  loadSetsFailed: 'Failed to load QR code sets',
  splitFailed: 'Failed to split set',
  createSetFailed: 'Failed to create set',
  loadSetForPrintFailed: 'Failed to load set data for printing',
  printSetFailed: 'Failed to print set',
  markSetPrintedFailed: 'Failed to mark set as printed',
  releaseFailed: 'Failed to release set',
} as const;

// Printing, shared by the web (browser printing) and the print station (IPC to its spooler).

/** Which pages came out right: none, all, or the listed 1-based page numbers. */
export const printedPages = z.union([
  z.literal('none'),
  z.literal('all'),
  z.array(z.number().int().min(1)).max(1000),
]);
export type PrintedPages = z.infer<typeof printedPages>;

export const labelSheetSet = z.object({
  /** The set the codes belong to; null for test prints of made-up codes. */
  setId: z.uuid().nullable(),
  setName: safeText('setName').max(200),
  codes: z
    .array(z.object({ value: z.string().regex(/^[0-9A-Z]{1,32}$/, 'Not a code value') }))
    .min(1)
    .max(MAX_BULK_CODES),
});
export type LabelSheetSet = z.infer<typeof labelSheetSet>;

/**
 * One print job: sets of labels on one template, each set from a new sheet, the first sheet
 * starting at `startColumn`, `startRow` (1-based). Page numbers run across the whole job.
 */
export const printSheetsRequest = z.object({
  title: safeText('title').max(200),
  templateId: safeText('templateId').min(1).max(100),
  startColumn: z.number().int().min(1).max(100).default(1),
  startRow: z.number().int().min(1).max(100).default(1),
  domainName: safeText('domainName').min(1).max(253),
  brandWord: safeText('brandWord').min(1).max(40),
  /** The instance's SMS number (app configuration): "or text CODE to …" on labels with room. */
  smsNumber: safeText('smsNumber').max(40).nullable().optional(),
  sets: z.array(labelSheetSet).min(1).max(50),
  /** 'placeholder' draws a plain square where each QR symbol goes (alignment tests). */
  symbols: z.enum(['qr', 'placeholder']).default('qr'),
  /** Ask which pages came out (false for test prints, which mark nothing). */
  confirmPages: z.boolean().default(true),
  /** What each answer of the confirmation marks printed, shown beside it. */
  confirmHints: z
    .object({
      all: safeText('hint').max(200),
      some: safeText('hint').max(200),
      none: safeText('hint').max(200),
    })
    .partial()
    .optional(),
});
export type PrintSheetsRequest = z.input<typeof printSheetsRequest>;

/**
 * What marking a print job's sets printed did: 'marked' with the server's answer; 'pending' when the
 * print station printed and journaled the mark and retries it until the server accepts it;
 * 'failed' with the server's reason. `setIds` are the sets it marked (or tried to).
 */
export const printMark = z.discriminatedUnion('status', [
  markSetsPrintedResult.extend({ status: z.literal('marked'), setIds: z.array(z.string()) }),
  z.object({ status: z.literal('pending'), setIds: z.array(z.string()), message: z.string() }),
  // No message when the failure has no words of its own (a network error): the screen says what failed.
  z.object({ status: z.literal('failed'), setIds: z.array(z.string()), message: z.string().nullable() }),
]);
export type PrintMark = z.infer<typeof printMark>;

/** Which pages came out and what marking their sets did: `mark` null when nothing was to be marked. */
export const printSheetsResult = z.object({ printedPages, mark: printMark.nullable() });
export type PrintSheetsResult = z.infer<typeof printSheetsResult>;
