import { Suspense, lazy, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  printSheetsRequest,
  type PrintSheetsRequest,
  type PrintSheetsResult,
  type PrintedPages,
} from '@homing/shared';
import { AdminServicesContext } from '../AdminServices';
import type { AdminApi } from '../adminApi';
import { jobPageCount } from './jobPages';
import { markPrinted } from './markPrinted';
import { PrintConfirmDialog } from './PrintConfirmDialog';
import { PrintPortContext, type PrintPort } from './PrintPort';
import './printing.css';

// The layout brings the QR encoder; load it with the first print, not with the app.
const PrintLayout = lazy(() => import('./PrintLayout').then((m) => ({ default: m.PrintLayout })));

/** PRODUCT.md, Limits: the print dialog opens 100 ms after the codes are ready. */
export const PRINT_DIALOG_DELAY_MS = 100;

interface Job {
  request: PrintSheetsRequest;
  /** 'loading' until the print layout has rendered its sheets. */
  stage: 'loading' | 'printing' | 'confirming';
  /** Bumped by Print Again to open the dialog once more. */
  attempt: number;
  resolve: (result: PrintSheetsResult) => void;
}

/** Marks what came out, then answers the screen. */
const settle = (job: Job, printedPages: PrintedPages, admin: Pick<AdminApi, 'markPrinted'> | null) =>
  markPrinted(admin, job.request, printedPages).then((mark) => job.resolve({ printedPages, mark }));

/**
 * The browser's print port: mounts the job's print layout, opens the system print dialog, asks
 * which pages came out (the browser cannot know), then marks their sets printed through the API.
 */
export function BrowserPrintPort({ children }: { children: ReactNode }) {
  const [job, setJob] = useState<Job | null>(null);
  const busy = useRef(false);
  // Test prints of made-up codes (a public page) mark nothing and need no admin API.
  const admin = use(AdminServicesContext)?.admin ?? null;
  const adminRef = useRef(admin);
  const jobRef = useRef(job);
  useEffect(() => {
    adminRef.current = admin;
    jobRef.current = job;
  });

  const port = useMemo<PrintPort>(
    () => ({
      kind: 'browser',
      printSheets: (input) =>
        new Promise<PrintSheetsResult>((resolve, reject) => {
          if (busy.current) {
            reject(new Error('Another print job is still open'));
            return;
          }
          const parsed = printSheetsRequest.safeParse(input);
          if (!parsed.success) {
            reject(new Error('There is nothing valid to print'));
            return;
          }
          busy.current = true;
          setJob({ request: parsed.data, stage: 'loading', attempt: 0, resolve });
        }),
    }),
    [],
  );

  const finish = (printedPages: PrintedPages) => {
    busy.current = false;
    if (job) void settle(job, printedPages, adminRef.current);
    setJob(null);
  };

  const printing = job?.stage === 'printing';
  const attempt = job?.attempt;
  const confirmPages = job?.request.confirmPages;
  useEffect(() => {
    if (!printing) return;
    const timer = window.setTimeout(() => {
      // Blocks until the dialog closes in Chromium; elsewhere the confirmation simply waits beside it.
      window.print();
      if (confirmPages === false) {
        busy.current = false;
        const current = jobRef.current;
        setJob(null);
        if (current) void settle(current, 'all', adminRef.current);
      } else setJob((current) => current && { ...current, stage: 'confirming' });
    }, PRINT_DIALOG_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [printing, attempt, confirmPages]);

  return (
    <PrintPortContext value={port}>
      {children}
      {job && (
        <Suspense fallback={null}>
          <PrintLayout
            request={job.request}
            onReady={() =>
              setJob((current) =>
                current && current.stage === 'loading' ? { ...current, stage: 'printing' } : current,
              )
            }
          />
        </Suspense>
      )}
      {job?.stage === 'confirming' && (
        <PrintConfirmDialog
          open
          pageCount={jobPageCount(job.request)}
          consequences={job.request.confirmHints}
          onPrintAgain={() => setJob({ ...job, stage: 'printing', attempt: job.attempt + 1 })}
          onDone={finish}
        />
      )}
    </PrintPortContext>
  );
}
