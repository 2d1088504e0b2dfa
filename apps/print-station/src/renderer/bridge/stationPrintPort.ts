import type { PrintSheetsRequest } from '@homing/shared';
import type { PrintPort, StationPresetTarget } from '@homing/web/admin';
import type { PrintSheetsInput, StationBridge } from '../../shared/bridge';

export interface PrintTarget {
  readonly printer: string | null;
  readonly startColumn: number;
  readonly startRow: number;
}

/**
 * What the station is asked to print for a screen's request: the sets by id (main loads their
 * codes, names and the label domain from the server), or a test page (made-up codes main makes).
 * The request's codes and domain do not cross the bridge.
 */
export function stationJobOf(
  request: PrintSheetsRequest,
  start: { startColumn: number; startRow: number },
): PrintSheetsInput['job'] {
  const startColumn = request.startColumn ?? start.startColumn;
  const startRow = request.startRow ?? start.startRow;
  const setIds = request.sets.flatMap((set) => (set.setId ? [set.setId] : []));
  if (request.confirmPages !== false && setIds.length === request.sets.length)
    return { kind: 'sets', setIds, startColumn, startRow };
  if (request.confirmPages === false && setIds.length === 0)
    return {
      kind: 'test',
      count: request.sets.reduce((sum, set) => sum + set.codes.length, 0),
      templateId: request.templateId,
      startColumn,
      startRow,
      domainName: request.domainName,
    };
  throw new Error('The station prints whole sets by their id, or a test page');
}

/**
 * The admin screens' PrintPort on a station: the request goes to the bridge as set ids and a start
 * (`stationJobOf`; Electron: main loads the sets from the server, prints silently through CUPS, waits for the job to complete, then
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
          job: stationJobOf(request, { startColumn, startRow }),
        });
        return { printedPages: 'all', mark: outcome.mark ?? null };
      } catch (error) {
        onFailure(error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
  };
}

/**
 * Print presets on a station (PRODUCT.md, Printing): the station's printer and its start are what
 * a preset saves; picking one switches both. The printer's calibration is only read (shown beside
 * the preset): it belongs to that physical printer, set on the Calibration screen, and choosing a
 * preset never changes it. A printer this station does not have is refused with its name.
 */
export function stationPresetTarget(
  bridge: Pick<StationBridge, 'printers' | 'calibration'>,
  target: () => PrintTarget,
  update: (change: Omit<PrintTarget, 'printer'> & { printer: string }) => void,
): StationPresetTarget {
  return {
    current() {
      const { printer, startColumn, startRow } = target();
      return Promise.resolve(printer ? { printer, startColumn, startRow } : null);
    },
    async apply({ printer, startColumn, startRow }) {
      const printers = await bridge.printers();
      if (!printers.some((p) => p.name === printer))
        throw new Error(`This station has no printer named ${printer}`);
      update({ printer, startColumn, startRow });
    },
    async calibration(printer) {
      const { xMm, yMm } = await bridge.calibration.get(printer);
      return { xMm, yMm };
    },
  };
}
