import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobRef, JobStatus } from './cupsJobs';
import {
  endedJobState,
  parseIpptoolJob,
  parseIpptoolJobList,
  parseLpRequestId,
  parseLpstatJobs,
  queuedJobState,
  TERMINAL_STATES,
} from './cupsJobs';
import type { RunCommand } from './exec';
import { CommandMissingError, commandComplaint, runCommand } from './exec';
import type { CupsServer } from './ippClient';
import { ippAuthority, ippJobStatus, parseCupsServer } from './ippClient';
import type { IpptoolAnswer } from './cupsJobs';
import type { PrinterInfo } from './printers';
import { discoverPrinters, parsePrinterStates } from './printers';
import { parsePageSizes } from './queueMedia';

export interface PrintSubmission {
  readonly printer: string;
  /** The job's name in the queue (cups-pdf also names its file after it). */
  readonly title: string;
  readonly pdf: Uint8Array;
  /** The template's page for the spooler: a paper (`Letter`, `A4`) or a roll's media (`24mm-circular`). */
  readonly media: string;
  /** Copies of the whole document (a preset's count); default 1. */
  readonly copies?: number;
}

export interface SubmittedJob extends JobRef {
  readonly printer: string;
  readonly title: string;
}

/**
 * The operating system's print queue, as the pipeline needs it. CUPS (Linux, macOS) is
 * implemented; Windows goes through Electron's silent printing (see WindowsSpooler, README).
 */
export interface Spooler {
  readonly kind: 'cups' | 'windows';
  printers(): Promise<PrinterInfo[]>;
  /** Sends the PDF without a dialog; resolves once the spooler has accepted it. */
  submit(submission: PrintSubmission): Promise<SubmittedJob>;
  status(job: SubmittedJob): Promise<JobStatus>;
  cancel(job: SubmittedJob): Promise<void>;
  /**
   * The job of this title on this printer, ended or not (null: CUPS has none). For a job whose
   * id the station had no time to note. Throws when it cannot tell.
   */
  findJob?(printer: string, title: string): Promise<JobRef | null>;
  /** The media a queue offers (its PPD's page sizes), or null when the spooler cannot say. */
  media?(printer: string): Promise<string[] | null>;
}

export class SpoolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpoolError';
  }
}

export interface CupsSpoolerOptions {
  readonly run?: RunCommand;
  /**
   * The CUPS server to ask about jobs. Default: the one `lp` submits to, as `lpstat -H` names it
   * (it honours CUPS_SERVER and client.conf), so the job is asked about where it was sent.
   */
  readonly server?: CupsServer;
  /** IPP without ipptool (ippClient.ts); swappable in tests. */
  readonly ipp?: (server: CupsServer, jobNumber: number) => Promise<IpptoolAnswer>;
}

const FIND_JOB_TEST = `{
  NAME "Find a job by its title"
  OPERATION Get-Jobs
  GROUP operation-attributes-tag
  ATTR charset attributes-charset utf-8
  ATTR language attributes-natural-language en
  ATTR uri printer-uri $uri
  ATTR name requesting-user-name $user
  ATTR keyword which-jobs all
  ATTR keyword requested-attributes job-id,job-name
  STATUS successful-ok
}
`;

/** Options that keep the PDF exactly as drawn: no fit-to-page, no scaling, Letter paper. */
export const exactSizeOptions = (media: string): string[] => [
  '-o',
  `media=${media}`,
  '-o',
  'scaling=100',
  '-o',
  'fit-to-page=false',
  '-o',
  'print-scaling=none',
];

/** CUPS through its command-line tools: `lp` to submit, `ipptool` (or `lpstat`) to follow. */
export class CupsSpooler implements Spooler {
  readonly kind = 'cups' as const;
  private readonly run: RunCommand;
  private readonly ipp: (server: CupsServer, jobNumber: number) => Promise<IpptoolAnswer>;
  private server: CupsServer | null;
  private hasIpptool = true;

  constructor(options: CupsSpoolerOptions = {}) {
    this.run = options.run ?? runCommand;
    this.server = options.server ?? null;
    this.ipp = options.ipp ?? ((server, jobNumber) => ippJobStatus(server, jobNumber));
  }

  /** The server lp talks to, asked once. */
  private async cupsServer(): Promise<CupsServer> {
    if (!this.server) {
      const answer = await this.run('lpstat', ['-H']);
      this.server = parseCupsServer(answer.code === 0 ? answer.stdout : '');
    }
    return this.server;
  }

  printers(): Promise<PrinterInfo[]> {
    return discoverPrinters(this.run);
  }

  async media(printer: string): Promise<string[] | null> {
    const answer = await this.run('lpoptions', ['-p', printer, '-l']);
    return answer.code === 0 ? parsePageSizes(answer.stdout) : null;
  }

  async submit({ printer, title, pdf, media, copies = 1 }: PrintSubmission): Promise<SubmittedJob> {
    // No file argument: lp reads the PDF from standard input, so no temporary file is left behind.
    // Copies of the whole run, collated (1 2 3, 1 2 3), not each label repeated in place.
    const count = copies > 1 ? ['-n', String(copies), '-o', 'collate=true'] : [];
    const result = await this.run('lp', ['-d', printer, '-t', title, ...count, ...exactSizeOptions(media)], {
      input: pdf,
    });
    const job = parseLpRequestId(result.stdout);
    if (result.code !== 0 || !job) throw new SpoolError(`CUPS refused the job: ${commandComplaint(result)}`);
    return { ...job, printer, title };
  }

  async status(job: SubmittedJob): Promise<JobStatus> {
    const status = await this.jobStatus(job);
    return status.state === 'pending' || status.state === 'held' ? this.withPrinter(job, status) : status;
  }

  /** ipptool; without it, IPP spoken here; when CUPS cannot be reached that way, lpstat. */
  private async jobStatus(job: SubmittedJob): Promise<JobStatus> {
    if (this.hasIpptool) {
      try {
        return await this.ipptoolStatus(job);
      } catch (error) {
        if (!(error instanceof CommandMissingError)) throw error;
        this.hasIpptool = false;
      }
    }
    let answer: IpptoolAnswer;
    try {
      answer = await this.ipp(await this.cupsServer(), job.number);
    } catch {
      return this.lpstatStatus(job);
    }
    return this.fromAnswer(job, answer);
  }

  /**
   * A job waiting in a stopped queue is not "pending" to the operator: CUPS 2.4 leaves its
   * job-state pending with no reason, so the printer's own state is asked.
   */
  private async withPrinter(job: SubmittedJob, status: JobStatus): Promise<JobStatus> {
    const answer = await this.run('lpstat', ['-p', job.printer]);
    const printer = parsePrinterStates(answer.stdout).get(job.printer);
    if (printer?.state !== 'stopped') return status;
    return {
      state: 'stopped',
      reasons: [...status.reasons, 'printer-stopped'],
      message: `printer ${job.printer} is stopped${printer.message ? ` (${printer.message})` : ''}`,
    };
  }

  private fromAnswer(job: SubmittedJob, answer: IpptoolAnswer): JobStatus {
    if (answer.kind === 'status') return answer.status;
    if (answer.kind === 'not-found')
      return {
        state: 'ended',
        reasons: [],
        message: `CUPS no longer knows job ${job.id} (${answer.message})`,
      };
    throw new SpoolError(`Could not ask CUPS about job ${job.id}: ${answer.message}`);
  }

  async findJob(printer: string, title: string): Promise<JobRef | null> {
    // get-jobs.test asks without a user name, and CUPS then hides job-name: a test of our own.
    const dir = await mkdtemp(join(tmpdir(), 'homing-ipp-'));
    try {
      const test = join(dir, 'find-job.test');
      await writeFile(test, FIND_JOB_TEST);
      const uri = `ipp://${ippAuthority(await this.cupsServer())}/printers/${encodeURIComponent(printer)}`;
      const result = await this.run('ipptool', ['-T', '10', '-tv', uri, test]);
      if (result.code !== 0)
        throw new SpoolError(`Could not list the jobs of ${printer}: ${commandComplaint(result)}`);
      return parseIpptoolJobList(result.stdout, printer).find((job) => job.name === title)?.ref ?? null;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async cancel(job: SubmittedJob): Promise<void> {
    const result = await this.run('cancel', [job.id]);
    if (result.code !== 0) throw new SpoolError(`Could not cancel ${job.id}: ${commandComplaint(result)}`);
  }

  private async ipptoolStatus(job: SubmittedJob): Promise<JobStatus> {
    const uri = `ipp://${ippAuthority(await this.cupsServer())}/jobs/${job.number}`;
    const result = await this.run('ipptool', ['-T', '10', '-tv', uri, 'get-job-attributes.test']);
    return this.fromAnswer(job, parseIpptoolJob(result.stdout + result.stderr));
  }

  /**
   * The last resort (CUPS unreachable over IPP): lpstat tells queued from ended, and how it ended
   * only when its alerts say; on CUPS 2.4 they never do, so nothing is confirmed this way there.
   */
  private async lpstatStatus(job: SubmittedJob): Promise<JobStatus> {
    const queued = await this.run('lpstat', ['-l', '-o', job.printer]);
    const pending = parseLpstatJobs(queued.stdout).get(job.id);
    if (pending) return { state: queuedJobState(pending), reasons: pending.alerts, message: pending.status };
    const done = await this.run('lpstat', ['-l', '-W', 'completed', '-o', job.printer]);
    const ended = parseLpstatJobs(done.stdout).get(job.id);
    if (!ended) return { state: 'ended', reasons: [], message: `CUPS no longer lists job ${job.id}` };
    const state = endedJobState(ended);
    const message =
      state === 'ended'
        ? `CUPS finished job ${job.id} without saying whether it completed (install ipptool, cups-ipp-utils, to tell)`
        : ended.status;
    return { state, reasons: ended.alerts, message };
  }
}

/**
 * Windows has no CUPS. The station prints there with Electron's
 * `webContents.print({ silent: true, deviceName })` from a hidden window and follows the job with
 * PowerShell's `Get-PrintJob`; see the README. Not buildable or testable on this machine, so
 * every call says so instead of pretending.
 */
export class WindowsSpooler implements Spooler {
  readonly kind = 'windows' as const;
  private fail(): never {
    throw new SpoolError('Printing on Windows is not implemented yet (see the print station README)');
  }
  printers(): Promise<PrinterInfo[]> {
    return Promise.resolve(this.fail());
  }
  submit(): Promise<SubmittedJob> {
    return Promise.resolve(this.fail());
  }
  status(): Promise<JobStatus> {
    return Promise.resolve(this.fail());
  }
  cancel(): Promise<void> {
    return Promise.resolve(this.fail());
  }
}

export interface WaitOptions {
  readonly timeoutMs: number;
  readonly pollMs?: number;
  readonly onStatus?: (status: JobStatus) => void;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly now?: () => number;
}

export type WaitResult =
  | { readonly timedOut: false; readonly status: JobStatus }
  | { readonly timedOut: true; readonly status: JobStatus | null; readonly lastError: string | null };

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls the job until it ends or the time is up. A failed poll (cupsd restarting) is retried;
 * only the deadline gives up, reporting the last state and error seen.
 */
export async function waitForJob(
  spooler: Spooler,
  job: SubmittedJob,
  options: WaitOptions,
): Promise<WaitResult> {
  const { pollMs = 250, sleep = delay, now = Date.now } = options;
  const deadline = now() + options.timeoutMs;
  let last: JobStatus | null = null;
  let lastError: string | null = null;
  for (;;) {
    try {
      const status = await spooler.status(job);
      if (!last || last.state !== status.state) options.onStatus?.(status);
      last = status;
      lastError = null;
      if (TERMINAL_STATES.has(status.state)) return { timedOut: false, status };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (now() >= deadline) return { timedOut: true, status: last, lastError };
    await sleep(Math.min(pollMs, Math.max(0, deadline - now())));
  }
}
