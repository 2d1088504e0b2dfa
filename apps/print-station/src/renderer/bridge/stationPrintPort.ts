import type { PrintPort } from '@homing/web/admin';
import type { StationBridge } from '../../shared/bridge';

export interface PrintTarget {
  readonly printer: string | null;
  readonly startColumn: number;
  readonly startRow: number;
}

/**
 * The admin screens' PrintPort on a station: the request goes to the bridge (Electron: main parses
 * it with `printSheetsRequest`, prints silently through CUPS, waits for the job to complete, then
 * marks the sets printed). It resolves 'all' with main's mark only then; any failure rejects with
 * the reason, which the station also shows (`onFailure`), since the screens show only their
 * generic message.
 */
export function stationPrintPort(
  bridge: Pick<StationBridge, 'printSheets'>,
  target: () => PrintTarget,
  onFailure: (message: string) => void,
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
        return { printedPages: 'all', mark: outcome.mark ?? null };
      } catch (error) {
        onFailure(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}
