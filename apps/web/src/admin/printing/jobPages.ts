import { getTemplate, pageCount, type LabelTemplate } from '@homing/label-layout';
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

/** Where each set of a job lands: every set starts a new sheet; the start applies to the first. */
export function jobPages(request: PrintSheetsRequest): SetPages[] {
  const template = jobTemplate(request);
  let next = 1;
  return request.sets.map((set, i) => {
    const start = i === 0 ? { column: request.startColumn ?? 1, row: request.startRow ?? 1 } : undefined;
    const pages = pageCount(set.codes.length, template, start);
    const result = { setId: set.setId, firstPage: next, lastPage: next + pages - 1 };
    next += pages;
    return result;
  });
}

export const jobPageCount = (request: PrintSheetsRequest) => jobPages(request).at(-1)?.lastPage ?? 0;

/**
 * The sets to mark printed after a job (spec section 4): none for 'none', all for 'all', else the
 * sets whose first page came out (a single set: "all or page 1").
 */
export function printedSetIds(request: PrintSheetsRequest, printed: PrintedPages): string[] {
  if (printed === 'none') return [];
  const sets = jobPages(request);
  const chosen = printed === 'all' ? sets : sets.filter((set) => printed.includes(set.firstPage));
  return chosen.flatMap((set) => (set.setId ? [set.setId] : []));
}
