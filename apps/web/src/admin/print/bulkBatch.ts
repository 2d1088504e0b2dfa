import { type StartPosition } from '@homing/label-layout';
import type { BulkCreateCodesResult, PrintSheetsRequest } from '@homing/shared';

/**
 * A created batch as a print job: one set per page. Started mid-sheet (`start` other than column
 * 1, row 1), the batch was made with fewer codes (`bulkCodeCount`), so its last set is the short
 * one that fits the part-used sheet: it prints first, from the start, and every other set fills a
 * whole sheet after it.
 */
export function batchPrintRequest(
  batch: BulkCreateCodesResult,
  options: {
    templateId: string;
    domainName: string;
    brandWord: string;
    smsNumber?: string | null;
    start?: StartPosition;
  },
): PrintSheetsRequest {
  const codesBySet = new Map<string, { value: string }[]>(batch.setIds.map((id) => [id, []]));
  for (const code of batch.qrCodes) codesBySet.get(code.setId)?.push({ value: code.value });
  const pages = batch.setIds.length;
  const start = options.start ?? { column: 1, row: 1 };
  const sets = batch.setIds.map((setId, i) => ({
    setId,
    setName: batch.setNames[i] ?? '',
    codes: codesBySet.get(setId)!,
  }));
  const midSheet = start.column !== 1 || start.row !== 1;
  if (midSheet && sets.length > 1 && sets.at(-1)!.codes.length < sets[0]!.codes.length)
    sets.unshift(sets.pop()!);
  return {
    title: batch.setNames[0]?.replace(/, page \d+$/, '') ?? 'QR codes',
    templateId: options.templateId,
    domainName: options.domainName,
    brandWord: options.brandWord,
    smsNumber: options.smsNumber ?? null,
    ...(midSheet ? { startColumn: start.column, startRow: start.row } : {}),
    sets,
    confirmHints: {
      all:
        pages === 1
          ? 'The set of this page is marked printed.'
          : `All ${pages} sets of this batch are marked printed.`,
      some: 'Only the sets of the pages you list are marked printed.',
      none: 'Nothing is marked printed.',
    },
  };
}

/** New codes for `pages` sheets when the first one starts at `skipped` labels in. */
export const bulkCodeCount = (pages: number, labelsPerSheet: number, skipped: number) =>
  pages * labelsPerSheet - skipped;
