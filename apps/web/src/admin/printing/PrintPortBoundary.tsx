import { use, type ReactNode } from 'react';
import { BrowserPrintPort } from './BrowserPrintPort';
import { PrintPortContext } from './PrintPort';

/**
 * Gives the screens inside a print port: the one already provided (the print station puts its
 * IPC port above the app), else the browser's.
 */
export function PrintPortBoundary({ children }: { children: ReactNode }) {
  const provided = use(PrintPortContext);
  if (provided) return children;
  return <BrowserPrintPort>{children}</BrowserPrintPort>;
}
