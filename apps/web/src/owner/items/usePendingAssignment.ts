import { useCallback, useEffect, useRef, useState } from 'react';
import type { PendingAssignment } from '@homing/shared';
import { ownerApi } from '../ownerApi';
import { assignmentPhase, POLL_MS, timeLeft, type AssignmentPhase } from './assignment';

export const PREPARE_FAILED = 'Failed to prepare QR code scanning. Please try again.';

/**
 * Follows one pending assignment: a one-second clock for the countdown and a poll that learns
 * when the owner's phone has scanned a label. `restart` asks for a fresh one after expiry.
 */
export function usePendingAssignment(itemId: string, initial: PendingAssignment, onCompleted: () => void) {
  const [pending, setPending] = useState(initial);
  const [serverStatus, setServerStatus] = useState<'pending' | 'completed' | 'expired' | null>(null);
  const [assignedCode, setAssignedCode] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [restartFailed, setRestartFailed] = useState(false);
  const phase: AssignmentPhase = assignedCode
    ? 'completed'
    : assignmentPhase(serverStatus, pending.expiresAt, now);
  const phaseRef = useRef(phase);
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    phaseRef.current = phase;
    onCompletedRef.current = onCompleted;
  });

  useEffect(() => {
    if (phase !== 'waiting') return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    let stopped = false;
    const poll = setInterval(async () => {
      const result = await ownerApi.pendingStatus(itemId);
      if (stopped || !result.success || !result.data || result.data.id !== pending.id) return;
      setServerStatus(result.data.status);
      if (result.data.status === 'completed') {
        setAssignedCode(result.data.qrCode ?? '');
        onCompletedRef.current();
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [phase, itemId, pending.id]);

  const restart = useCallback(async () => {
    setRestartFailed(false);
    const result = await ownerApi.createPending(itemId);
    if (!result.success || !result.data) {
      console.error('Failed to prepare QR code scanning', result.status, result.error);
      return setRestartFailed(true);
    }
    setPending(result.data);
    setServerStatus(null);
    setNow(Date.now());
  }, [itemId]);

  /** Closing while still waiting withdraws the request, so a later scan cannot surprise anyone. */
  const cancelIfWaiting = useCallback(() => {
    if (phaseRef.current === 'waiting') void ownerApi.cancelPending(itemId);
  }, [itemId]);

  return {
    phase,
    remainingMs: timeLeft(pending.expiresAt, now),
    assignedCode,
    /** A code was picked from the list instead: the assignment is done. */
    markAssigned: setAssignedCode,
    restart,
    restartFailed,
    cancelIfWaiting,
  };
}
