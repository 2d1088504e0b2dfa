import { createContext, use } from 'react';
import type { PrintSheetsRequest, PrintSheetsResult } from '@homing/shared';

/**
 * How the admin screens print label sheets. The screens build a request (codes, template, start,
 * domain, brand word), hand it over and get back which pages came out; marking sets printed stays
 * with the screen. The web app implements it with the browser's print dialog (BrowserPrintPort);
 * the print station implements it with its spooler over IPC, parsing the request with the shared
 * `printSheetsRequest` schema. Nothing here knows which one it talks to.
 */
export interface PrintPort {
  /** 'browser': the system print dialog, then the user says what printed; 'station': a spooler. */
  readonly kind: 'browser' | 'station';
  /**
   * Prints the job and resolves with the pages that came out: 'none', 'all' or a list of 1-based
   * page numbers. It resolves 'none' when the user gives up, and rejects only when printing could
   * not start at all.
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
