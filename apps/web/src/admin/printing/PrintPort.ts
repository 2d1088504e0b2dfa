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
   * Prints the job, marks printed the sets whose pages came out (spec section 4), and resolves with
   * the pages ('none', 'all' or 1-based page numbers) and the mark's outcome (null: nothing to
   * mark). It resolves 'none' when the user gives up, and rejects only when printing could not
   * start at all (or, on a station, when the server refused the mark).
   */
  printSheets(request: PrintSheetsRequest): Promise<PrintSheetsResult>;
}

export const PrintPortContext = createContext<PrintPort | null>(null);

/** The print port of the nearest provider (see PrintPortBoundary). */
export function usePrintPort(): PrintPort {
  const port = use(PrintPortContext);
  if (!port)
    throw new Error('usePrintPort must be used inside <PrintPortBoundary> or a PrintPortContext provider');
  return port;
}
