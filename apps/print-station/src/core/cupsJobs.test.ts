import { describe, expect, it } from 'vitest';
import {
  endedJobState,
  parseIpptoolJob,
  parseLpRequestId,
  parseLpstatJobs,
  queuedJobState,
} from './cupsJobs';

// Captured from CUPS 2.4's ipptool (get-job-attributes.test), trimmed to the lines that matter.
const ipptool = (
  state: string,
  reasons = 'none',
  message = '',
) => `"/usr/share/cups/ipptool/get-job-attributes.test":
    Get-Job-Attributes:
        job-uri (uri) = ipp://localhost:631/jobs/4
    Get job info with get-job-attributes                                 [PASS]
        RECEIVED: 1230 bytes in response
        status-code = successful-ok (successful-ok)
        media (keyword) = Letter
        print-scaling (keyword) = none
        job-id (integer) = 4
        job-state (enum) = ${state}
        job-state-reasons (keyword) = ${reasons}
        job-printer-state-message (textWithoutLanguage) = ${message}
        job-printer-state-reasons (keyword) = none
`;

const NOT_FOUND = `"/usr/share/cups/ipptool/get-job-attributes.test":
    Get job info with get-job-attributes                                 [FAIL]
        RECEIVED: 115 bytes in response
        status-code = client-error-not-found (Job #999 does not exist.)
        status-message (textWithoutLanguage) = Job #999 does not exist.
        EXPECTED: job-uri
`;

describe('parseLpRequestId', () => {
  it('reads the job id lp prints, also for printer names with dashes', () => {
    expect(parseLpRequestId('request id is HomingPDF-12 (1 file(s))\n')).toEqual({
      id: 'HomingPDF-12',
      number: 12,
    });
    expect(parseLpRequestId('request id is Office-Laser-7 (0 file(s))')).toEqual({
      id: 'Office-Laser-7',
      number: 7,
    });
    expect(parseLpRequestId('lp: Destination "X" is not accepting jobs.')).toBeNull();
  });
});

describe('parseIpptoolJob', () => {
  it('reads every IPP job state', () => {
    const states = [
      'pending',
      'pending-held',
      'processing',
      'processing-stopped',
      'canceled',
      'aborted',
      'completed',
    ];
    expect(states.map((s) => parseIpptoolJob(ipptool(s)))).toEqual(
      ['pending', 'held', 'processing', 'stopped', 'canceled', 'aborted', 'completed'].map((state) => ({
        kind: 'status',
        status: { state, reasons: [], message: null },
      })),
    );
  });

  it('keeps the reasons and the printer’s message', () => {
    expect(
      parseIpptoolJob(ipptool('aborted', 'job-aborted-by-system,document-format-error', 'Filter failed')),
    ).toEqual({
      kind: 'status',
      status: {
        state: 'aborted',
        reasons: ['job-aborted-by-system', 'document-format-error'],
        message: 'Filter failed',
      },
    });
  });

  it('reads when CUPS completed the job (time-at-completed, seconds since 1970); 0 is not a time', () => {
    const at = (seconds: number) =>
      ipptool('completed').replace(
        'job-state (enum)',
        `time-at-completed (integer) = ${seconds}\n        job-state (enum)`,
      );
    expect(parseIpptoolJob(at(1796217568))).toMatchObject({
      status: { state: 'completed', completedAt: '2026-12-02T13:19:28.000Z' },
    });
    expect(parseIpptoolJob(at(0))).toEqual({
      kind: 'status',
      status: { state: 'completed', reasons: [], message: null },
    });
  });

  it('tells a job CUPS does not know from a failed question', () => {
    expect(parseIpptoolJob(NOT_FOUND)).toEqual({ kind: 'not-found', message: 'Job #999 does not exist.' });
    expect(
      parseIpptoolJob('ipptool: Unable to connect to "localhost" on port 631 - Connection refused\n'),
    ).toEqual({
      kind: 'error',
      message: 'ipptool: Unable to connect to "localhost" on port 631 - Connection refused',
    });
  });
});

describe('lpstat job listings (the fallback without ipptool)', () => {
  // `lpstat -l -o HomingPDF` with the queue stopped, then `-W completed` after a cancel.
  const QUEUED =
    'HomingPDF-3             root              3072   Sun Nov 22 11:22:53 2026\n\tAlerts: none\n\tqueued for HomingPDF\n';
  const COMPLETED = `HomingPDF-3             root              3072   Sun Nov 22 11:22:54 2026
\tAlerts: job-canceled-by-user
\tqueued for HomingPDF
HomingPDF-2             root              3072   Sun Nov 22 11:22:44 2026
\tStatus: 
\tAlerts: processing-to-stop-point
\tqueued for HomingPDF
HomingPDF-1             root              1024   Sun Nov 22 11:20:58 2026
\tAlerts: job-completed-successfully
`;

  it('reads job ids with their alerts', () => {
    expect(Object.fromEntries(parseLpstatJobs(QUEUED))).toEqual({
      'HomingPDF-3': { alerts: ['none'], status: null },
    });
    const done = parseLpstatJobs(COMPLETED);
    expect([...done.keys()]).toEqual(['HomingPDF-3', 'HomingPDF-2', 'HomingPDF-1']);
  });

  it('says how an ended job went only when its alerts say so', () => {
    const done = parseLpstatJobs(COMPLETED);
    expect(endedJobState(done.get('HomingPDF-3')!)).toBe('canceled');
    expect(endedJobState(done.get('HomingPDF-1')!)).toBe('completed');
    // cups-pdf leaves "processing-to-stop-point" on completed and cancelled jobs alike.
    expect(endedJobState(done.get('HomingPDF-2')!)).toBe('ended');
    expect(endedJobState({ alerts: ['aborted-by-system'], status: null })).toBe('aborted');
  });

  it('tells held and printing jobs from pending ones', () => {
    expect(queuedJobState({ alerts: ['none'], status: null })).toBe('pending');
    expect(queuedJobState({ alerts: ['job-hold-until-specified'], status: null })).toBe('held');
    expect(queuedJobState({ alerts: ['job-printing'], status: null })).toBe('processing');
  });
});
