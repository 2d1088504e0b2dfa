import type { PendingAssignmentStatus } from '@homing/shared';

export type AssignmentPhase = 'waiting' | 'expired' | 'completed';

/** Where a pending assignment stands: the server's word, else the clock against its expiry. */
export function assignmentPhase(
  status: PendingAssignmentStatus['status'] | null,
  expiresAt: string,
  now: number,
): AssignmentPhase {
  if (status === 'completed') return 'completed';
  if (status === 'expired') return 'expired';
  const end = Date.parse(expiresAt);
  return Number.isFinite(end) && now >= end ? 'expired' : 'waiting';
}

/** Milliseconds left before the pending assignment expires (0 once it has). */
export const timeLeft = (expiresAt: string, now: number) => Math.max(0, Date.parse(expiresAt) - now || 0);

/** How often the dialog asks whether the phone has scanned a label. */
export const POLL_MS = 2000;
