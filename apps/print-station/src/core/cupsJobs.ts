/** Parsers of what CUPS' command-line tools say about jobs. Pure, tested with captured output. */

/**
 * Where a job is. The IPP states, plus 'ended': CUPS no longer queues the job but did not say
 * how it ended (only `lpstat` to ask, or the job already purged from its history).
 */
export type JobState =
  'pending' | 'held' | 'processing' | 'stopped' | 'completed' | 'canceled' | 'aborted' | 'ended';

export const TERMINAL_STATES: ReadonlySet<JobState> = new Set(['completed', 'canceled', 'aborted', 'ended']);

export interface JobStatus {
  readonly state: JobState;
  readonly reasons: readonly string[];
  /** What CUPS or the printer said about the job, if anything. */
  readonly message: string | null;
  /**
   * When CUPS says the job completed (its time-at-completed, ISO 8601), for a completed job;
   * absent when the spooler cannot tell (lpstat).
   */
  readonly completedAt?: string | null;
}

/** IPP's time-at-completed (CUPS: seconds since 1970) as ISO 8601; null when unset (0 or absent). */
export function completionTime(seconds: number | string | null | undefined): string | null {
  const value = Number(seconds);
  return Number.isFinite(value) && value > 0 ? new Date(value * 1000).toISOString() : null;
}

export interface JobRef {
  /** As CUPS names it: `HomingPDF-12`. */
  readonly id: string;
  readonly number: number;
}

/** `lp`: "request id is HomingPDF-12 (1 file(s))". */
export function parseLpRequestId(output: string): JobRef | null {
  const match = /request id is (\S+)-(\d+)\b/.exec(output);
  return match ? { id: `${match[1]}-${match[2]}`, number: Number(match[2]) } : null;
}

/** A job id as CUPS names it (`HomingPDF-12`), back to a reference. */
export function jobRefOf(id: string): JobRef | null {
  const match = /^(\S+)-(\d+)$/.exec(id);
  return match ? { id, number: Number(match[2]) } : null;
}

/**
 * `ipptool -tv` on a Get-Jobs request asking for job-id and job-name: the jobs in the order CUPS
 * listed them (groups end at `-- separator --`; a job without a name is left out).
 */
export function parseIpptoolJobList(output: string, printer: string): { ref: JobRef; name: string }[] {
  return output.split(/^\s*-- separator --\s*$/m).flatMap((group) => {
    const id = attribute(group, 'job-id');
    const name = attribute(group, 'job-name');
    return id && name && /^\d+$/.test(id)
      ? [{ ref: { id: `${printer}-${id}`, number: Number(id) }, name }]
      : [];
  });
}

const IPP_STATES: Record<string, JobState> = {
  pending: 'pending',
  'pending-held': 'held',
  processing: 'processing',
  'processing-stopped': 'stopped',
  canceled: 'canceled',
  aborted: 'aborted',
  completed: 'completed',
};

const attribute = (output: string, name: string): string | null => {
  const match = new RegExp(`^\\s*${name} \\([^)]*\\) = (.*)$`, 'm').exec(output);
  return match ? match[1].trim() : null;
};

export type IpptoolAnswer =
  | { readonly kind: 'status'; readonly status: JobStatus }
  | { readonly kind: 'not-found'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

/** `ipptool -tv ipp://host/jobs/N get-job-attributes.test`. */
export function parseIpptoolJob(output: string): IpptoolAnswer {
  const state = attribute(output, 'job-state');
  if (state && IPP_STATES[state]) {
    const reasons = (attribute(output, 'job-state-reasons') ?? '')
      .split(',')
      .map((reason) => reason.trim())
      .filter((reason) => reason && reason !== 'none');
    const message = attribute(output, 'job-state-message') || attribute(output, 'job-printer-state-message');
    const status: JobStatus = { state: IPP_STATES[state], reasons, message: message || null };
    const completedAt = completionTime(attribute(output, 'time-at-completed'));
    return { kind: 'status', status: completedAt ? { ...status, completedAt } : status };
  }
  const status = /status-code = (\S+)(?: \((.*)\))?/.exec(output);
  if (status?.[1] === 'client-error-not-found')
    return { kind: 'not-found', message: status[2] ?? 'the job does not exist' };
  const complaint = status ? (status[2] ?? status[1]) : output.trim().split('\n').at(-1) || 'no answer';
  return { kind: 'error', message: complaint };
}

export interface LpstatJob {
  readonly alerts: readonly string[];
  readonly status: string | null;
}

/** `lpstat -l -o PRINTER` (with `-W completed` or not): jobs by id, with their alerts. */
export function parseLpstatJobs(output: string): Map<string, LpstatJob> {
  const jobs = new Map<string, { alerts: string[]; status: string | null }>();
  let current: { alerts: string[]; status: string | null } | undefined;
  for (const line of output.split(/\r?\n/)) {
    if (!line.trim()) continue;
    if (!/^\s/.test(line)) {
      const id = /^(\S+-\d+)\s/.exec(line)?.[1];
      current = id ? { alerts: [], status: null } : undefined;
      if (id && current) jobs.set(id, current);
      continue;
    }
    const detail = /^\s*(Alerts|Status):\s*(.*)$/.exec(line);
    if (!current || !detail) continue;
    if (detail[1] === 'Alerts') current.alerts = detail[2].split(/[\s,]+/).filter(Boolean);
    else current.status = detail[2].trim() || null;
  }
  return jobs;
}

/**
 * How an ended job went, from lpstat's alerts (its job-state-reasons). lpstat lists canceled and
 * aborted jobs among the completed ones, so without a reason that says which, it is 'ended'.
 */
export function endedJobState(job: LpstatJob): JobState {
  const { alerts } = job;
  if (alerts.some((alert) => alert.startsWith('job-canceled'))) return 'canceled';
  if (alerts.some((alert) => alert === 'aborted-by-system' || alert.startsWith('job-aborted')))
    return 'aborted';
  if (alerts.includes('job-completed-successfully')) return 'completed';
  return 'ended';
}

/** A job lpstat still lists as not completed. */
export function queuedJobState(job: LpstatJob): JobState {
  if (job.alerts.some((alert) => alert.startsWith('job-hold'))) return 'held';
  if (job.alerts.includes('job-printing')) return 'processing';
  return 'pending';
}
