/**
 * Test support: the roll label printers of .ci/cups-roll-setup, real Debian drivers on CUPS queues
 * whose device is a file: a Brother QL-570 (printer-driver-ptouch) and a DYMO LabelWriter 450
 * (printer-driver-dymo). CUPS's file device writes each job's command stream over the queue's
 * file from its start without truncating it, so a shorter job would keep a longer one's tail: the
 * file is emptied before the first job and each time a test takes a job's stream.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, truncateSync } from 'node:fs';
import { join } from 'node:path';

export const ROLL_OUT = process.env.HOMING_ROLL_OUT ?? '/var/spool/homing-rolls';
export const QL_QUEUE = process.env.HOMING_QL_QUEUE ?? 'HomingQL';
export const DYMO_QUEUE = process.env.HOMING_DYMO_QUEUE ?? 'HomingDymo';

const hasQueue = (queue: string) => spawnSync('lpstat', ['-p', queue]).status === 0;
export const hasRollQueues = hasQueue(QL_QUEUE) && hasQueue(DYMO_QUEUE);

const streamFile = (queue: string) => join(ROLL_OUT, `${queue}.prn`);

/** Empties the queue's file, so the next job's stream is all that it holds. */
export const clearStream = (queue: string) => truncateSync(streamFile(queue), 0);

/**
 * The printer's command stream of the queue's last job (complete once CUPS says completed); the
 * file is emptied for the next job.
 */
export function lastStream(queue: string): Uint8Array {
  const stream = new Uint8Array(readFileSync(streamFile(queue)));
  clearStream(queue);
  return stream;
}

const admin = (command: string, ...args: string[]) => execFileSync(command, args, { stdio: 'pipe' });
export const stopRollQueue = (queue: string) => admin('cupsdisable', queue);
export function restartRollQueue(queue: string): void {
  admin('cupsenable', queue);
  admin('cupsaccept', queue);
}
