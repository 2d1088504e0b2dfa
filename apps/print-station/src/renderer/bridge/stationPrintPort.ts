import type { PrintPort } from '@homing/web/admin';
import type { StationBridge } from '../../shared/bridge';
import type { RecordPrinted } from './stationAdminApi';

export interface PrintTarget {
  readonly printer: string | null;
  readonly startColumn: number;
  readonly startRow: number;
}

/**
 * The admin screens' PrintPort on a station: the request goes to the bridge (Electron: main parses
 * it with `printSheetsRequest`, prints silently through CUPS, waits for the job to complete, marks
 * the sets printed, once: see stationAdminApi). It resolves 'all' only then; any failure rejects with the reason, which the
 * station also shows (`onFailure`), since the screens show only their generic message.
 */
export function stationPrintPort(
  bridge: Pick<StationBridge, 'printSheets'>,
  target: () => PrintTarget,
  onFailure: (message: string) => void,
  /** Told which sets main printed, and how their marking went (stationAdminApi answers from it). */
  onPrinted: RecordPrinted = () => undefined,
): PrintPort {
  return {
    kind: 'station',
    async printSheets(request) {
      const { printer, startColumn, startRow } = target();
      try {
        if (!printer) throw new Error('Choose a printer first (Printer)');
        // The screens' own start (bulk and test pages) wins; otherwise the station's choice.
        const outcome = await bridge.printSheets({
          printer,
          request: {
            ...request,
            startColumn: request.startColumn ?? startColumn,
            startRow: request.startRow ?? startRow,
          },
        });
        onPrinted(
          request.sets.flatMap((set) => (set.setId ? [set.setId] : [])),
          outcome,
        );
        return { printedPages: 'all' };
      } catch (error) {
        onFailure(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}
