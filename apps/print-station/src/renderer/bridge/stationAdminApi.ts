import type { AdminApi, ApiResult } from '@homing/web/admin';
import type { MarkSetsPrintedResult } from '@homing/shared';
import type { PrintOutcome } from '../../shared/bridge';

/**
 * One owner of "mark printed" on the station: main marks a job's sets once CUPS says it completed
 * (journaled, retried until the server accepts). The admin screens, written for the browser, then
 * mark the same sets themselves; on the station that call is answered from main's outcome instead
 * of being sent again. Sets the station did not print itself go to the API as in the browser.
 */
export function stationAdminApi(admin: AdminApi): { admin: AdminApi; recordPrinted: RecordPrinted } {
  const printed = new Map<string, PrintOutcome>();
  const recordPrinted: RecordPrinted = (setIds, outcome) => setIds.forEach((id) => printed.set(id, outcome));

  async function markPrinted(setIds: string[]): Promise<ApiResult<MarkSetsPrintedResult>> {
    if (setIds.length === 0 || !setIds.every((id) => printed.has(id))) return admin.markPrinted(setIds);
    const outcomes = setIds.map((id) => printed.get(id)!);
    setIds.forEach((id) => printed.delete(id));
    const pending = outcomes.find((outcome) => outcome.markPending);
    if (pending)
      return { success: false, data: null, error: pending.note, code: 'mark_pending', status: 202 };
    const updatedCount = outcomes.some((outcome) => outcome.marked) ? setIds.length : 0;
    return { success: true, data: { updatedCount }, error: null, status: 200 };
  }

  return { admin: { ...admin, markPrinted }, recordPrinted };
}

export type RecordPrinted = (setIds: readonly string[], outcome: PrintOutcome) => void;
