import type { PrintMark, PrintSheetsRequest, PrintedPages } from '@homing/shared';
import type { AdminApi } from '../adminApi';
import { printedSetIds } from './jobPages';

/** Marks printed the sets whose pages came out, through the admin API. */
export async function markPrinted(
  admin: Pick<AdminApi, 'markPrinted'> | null,
  request: PrintSheetsRequest,
  printedPages: PrintedPages,
): Promise<PrintMark | null> {
  const setIds = printedSetIds(request, printedPages);
  if (setIds.length === 0) return null;
  if (!admin) return { status: 'failed', setIds, message: 'Marking sets printed needs the admin API' };
  const result = await admin.markPrinted(setIds);
  if (result.success) return { status: 'marked', setIds, updatedCount: result.data.updatedCount };
  return { status: 'failed', setIds, message: result.code === 'network_error' ? null : result.error };
}
