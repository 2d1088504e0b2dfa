import { getTemplate, jobSets, type LabelTemplate } from '@homing/label-layout';
import type { PrintSheetsRequest, PrintedPages } from '@homing/shared';

export interface SetPages {
  setId: string | null;
  /** 1-based page numbers of the job this set's labels are on. */
  firstPage: number;
  lastPage: number;
}

export function jobTemplate(request: Pick<PrintSheetsRequest, 'templateId'>): LabelTemplate {
  const template = getTemplate(request.templateId);
  if (!template) throw new Error(`Unknown template ${request.templateId}`);
  return template;
}

/** Where each set of a job lands, by label-layout's rule (`jobSets`): each from a new sheet. */
export function jobPages(request: PrintSheetsRequest): SetPages[] {
  const start = { column: request.startColumn ?? 1, row: request.startRow ?? 1 };
  const sizes = request.sets.map((set) => set.codes.length);
  return jobSets(sizes, jobTemplate(request), start).map(({ firstSheet, sheetCount }, i) => ({
    setId: request.sets[i].setId,
    firstPage: firstSheet + 1,
    lastPage: firstSheet + sheetCount,
  }));
}

export const jobPageCount = (request: PrintSheetsRequest) => jobPages(request).at(-1)?.lastPage ?? 0;

/**
 * The sets to mark printed after a job (PRODUCT.md, States): none for 'none', all for 'all', else the
 * sets whose first page came out (a single set: "all or page 1").
 */
export function printedSetIds(request: PrintSheetsRequest, printed: PrintedPages): string[] {
  if (printed === 'none') return [];
  const sets = jobPages(request);
  const chosen = printed === 'all' ? sets : sets.filter((set) => printed.includes(set.firstPage));
  return chosen.flatMap((set) => (set.setId ? [set.setId] : []));
}
