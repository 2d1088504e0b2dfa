import type { BulkCreateCodesResult, PrintSheetsRequest } from '@homing/shared';

/** A created batch as a print job: one set per page, in page order. */
export function batchPrintRequest(
  batch: BulkCreateCodesResult,
  options: { templateId: string; domainName: string; brandWord: string },
): PrintSheetsRequest {
  const codesBySet = new Map<string, { value: string }[]>(batch.setIds.map((id) => [id, []]));
  for (const code of batch.qrCodes) codesBySet.get(code.setId)?.push({ value: code.value });
  const pages = batch.setIds.length;
  return {
    title: batch.setNames[0]?.replace(/, page \d+$/, '') ?? 'QR codes',
    templateId: options.templateId,
    domainName: options.domainName,
    brandWord: options.brandWord,
    sets: batch.setIds.map((setId, i) => ({
      setId,
      setName: batch.setNames[i] ?? '',
      codes: codesBySet.get(setId)!,
    })),
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
