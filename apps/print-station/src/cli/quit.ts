import type { Station } from '../core/station';

/**
 * Stopped mid-job (Ctrl-C, kill): the process says what becomes of the job before it exits; the
 * journal keeps the job, and the next start settles it with CUPS.
 */
export function sayWhatHappensOnQuit(station: () => Station | null): void {
  const stopOn = (signal: NodeJS.Signals, code: number) =>
    process.once(signal, () => {
      void (station()?.quitNotice() ?? Promise.resolve(null))
        .catch(() => null)
        .then((notice) => {
          if (notice) process.stderr.write(`Stopping. ${notice}\n`);
          process.exit(code);
        });
    });
  stopOn('SIGINT', 130);
  stopOn('SIGTERM', 143);
}
