/** Test support: the real CUPS queue of .ci/cups-setup and the PDFs cups-pdf writes for it. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const QUEUE = process.env.HOMING_CUPS_QUEUE ?? 'HomingPDF';
export const CUPS_OUT = process.env.HOMING_CUPS_OUT ?? '/var/spool/cups-pdf/homing';

/** The queue exists and cupsd answers; otherwise the CUPS tests skip, saying so. */
export const hasCupsQueue = spawnSync('lpstat', ['-p', QUEUE]).status === 0;
export const cupsSkipNote = hasCupsQueue
  ? ''
  : ` (SKIPPED: no CUPS queue ${QUEUE}; run .ci/cups-setup as root)`;

const admin = (command: string, ...args: string[]) => execFileSync(command, args, { stdio: 'pipe' });

/** `cupsdisable`: the queue keeps accepting jobs but holds them (the printer is "stopped"). */
export const stopQueue = () => admin('cupsdisable', QUEUE);

/** Puts the queue back as .ci/cups-setup leaves it: enabled and accepting. */
export function restartQueue(): void {
  admin('cupsenable', QUEUE);
  admin('cupsaccept', QUEUE);
}

export const cancelJob = (jobId: string) => admin('cancel', jobId);

/** A job's IPP attributes as ipptool prints them (`name (type) = value` lines). */
export function ippJobAttributes(jobNumber: number): Record<string, string> {
  const uri = `ipp://localhost/jobs/${jobNumber}`;
  const result = spawnSync('ipptool', ['-tv', uri, 'get-job-attributes.test'], { encoding: 'utf8' });
  const attributes: Record<string, string> = {};
  for (const match of result.stdout.matchAll(/^\s+([a-z-]+) \([^)]*\) = (.*)$/gm))
    attributes[match[1]] = match[2].trim();
  return attributes;
}

/** job-state of a job as ipptool reads it, independently of the code under test. */
export const ippJobState = (jobNumber: number): string | null =>
  ippJobAttributes(jobNumber)['job-state'] ?? null;

export const outputPath = (title: string) => join(CUPS_OUT, `${title}.pdf`);

/**
 * The PDF cups-pdf wrote for a job title. It is complete before CUPS reports the job completed;
 * the wait covers a slow file system on a busy machine.
 */
export async function waitForOutput(title: string, timeoutMs = 120_000): Promise<Uint8Array> {
  const path = outputPath(title);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(path) && statSync(path).size > 0) return new Uint8Array(readFileSync(path));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`cups-pdf wrote no ${path}`);
}
