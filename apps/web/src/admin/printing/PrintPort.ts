import { createContext, use } from 'react';
import type { PrintSheetsRequest, PrintSheetsResult } from '@homing/shared';

/**
 * How the admin screens print label sheets. The screens build a request (codes, template, start,
 * domain, brand word), hand it over and get back which pages came out and what marking their sets
 * printed did: the port marks, the screens show its outcome. The web app implements it with the
 * browser's print dialog and the admin API (BrowserPrintPort); the print station with its spooler
 * over IPC (main marks once CUPS says the job completed). Nothing here knows which one it talks to.
 */
export interface PrintPort {
  /** 'browser': the system print dialog, then the user says what printed; 'station': a spooler. */
  readonly kind: 'browser' | 'station';
  /**
   * Prints the job, marks printed the sets whose pages came out (PRODUCT.md, States), and resolves with
   * the pages ('none', 'all' or 1-based page numbers) and the mark's outcome (null: nothing to
   * mark). It resolves 'none' when the user gives up, and rejects only when printing could not
   * start at all (or, on a station, when the server refused the mark).
   */
  printSheets(request: PrintSheetsRequest): Promise<PrintSheetsResult>;
  /**
   * A station's own printer choice and start (a print preset): what a preset saved now would
   * hold, switching to a picked preset (rejects with the reason, e.g. a printer this station does
   * not have), and a printer's calibration on this station, shown beside the preset. The browser
   * has none of these: its print dialog picks the printer.
   */
  readonly presets?: StationPresetTarget;
}

/**
 * What a print preset sets on a station beyond the template. Never offsets: calibration belongs
 * to one physical printer and stays on its station (PRODUCT.md, Printing).
 */
export interface StationPresetSettings {
  readonly printer: string;
  readonly startColumn: number;
  readonly startRow: number;
}

export interface StationPresetTarget {
  current(): Promise<StationPresetSettings | null>;
  apply(preset: StationPresetSettings): Promise<void>;
  /** The printer's offsets on this station (mm), read, never written, by the presets. */
  calibration(printer: string): Promise<{ readonly xMm: number; readonly yMm: number }>;
}

export const PrintPortContext = createContext<PrintPort | null>(null);

/** The print port of the nearest provider (see PrintPortBoundary). */
export function usePrintPort(): PrintPort {
  const port = use(PrintPortContext);
  if (!port)
    throw new Error('usePrintPort must be used inside <PrintPortBoundary> or a PrintPortContext provider');
  return port;
}
