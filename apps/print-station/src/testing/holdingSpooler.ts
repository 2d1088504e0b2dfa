import type { Spooler, SubmittedJob } from '../core/spooler';
import { CupsSpooler } from '../core/spooler';
import { stopQueue } from './cups';

/**
 * The real CUPS spooler, except that the queue is stopped between the printer check and `lp`:
 * the job is accepted and then held pending, as when a printer stops mid-session. Tests use it to
 * look at the world while a job is still unfinished, or to cancel it.
 */
export function holdingSpooler(onSubmitted?: (job: SubmittedJob) => void): Spooler {
  const cups = new CupsSpooler();
  return {
    kind: 'cups',
    printers: () => cups.printers(),
    status: (job) => cups.status(job),
    cancel: (job) => cups.cancel(job),
    async submit(submission) {
      stopQueue();
      const job = await cups.submit(submission);
      onSubmitted?.(job);
      return job;
    },
  };
}
