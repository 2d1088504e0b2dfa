/**
 * Test support: the roll label printers of .ci/cups-roll-setup, real Debian drivers on CUPS queues
 * whose device is a file: a Brother QL-570 (printer-driver-ptouch) and a DYMO LabelWriter 450
 * (printer-driver-dymo). Each job's command stream replaces the queue's file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROLL_OUT = process.env.HOMING_ROLL_OUT ?? '/var/spool/homing-rolls';
export const QL_QUEUE = process.env.HOMING_QL_QUEUE ?? 'HomingQL';
export const DYMO_QUEUE = process.env.HOMING_DYMO_QUEUE ?? 'HomingDymo';

const hasQueue = (queue: string) => spawnSync('lpstat', ['-p', queue]).status === 0;
export const hasRollQueues = hasQueue(QL_QUEUE) && hasQueue(DYMO_QUEUE);

/** The printer's command stream of the queue's last job (complete once CUPS says completed). */
export const lastStream = (queue: string): Uint8Array =>
  new Uint8Array(readFileSync(join(ROLL_OUT, `${queue}.prn`)));

const admin = (command: string, ...args: string[]) => execFileSync(command, args, { stdio: 'pipe' });
export const stopRollQueue = (queue: string) => admin('cupsdisable', queue);
export function restartRollQueue(queue: string): void {
  admin('cupsenable', queue);
  admin('cupsaccept', queue);
}
