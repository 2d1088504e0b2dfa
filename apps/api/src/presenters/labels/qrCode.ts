import type { OwnedCode, PendingAssignment as PendingDto, PendingAssignmentStatus } from '@homing/shared';
import type { PendingAssignment } from '../../models/PendingAssignment';
import type { QrCode } from '../../models/QrCode';

export const presentOwnedCode = (code: QrCode): OwnedCode => ({
  id: code.id,
  value: code.value,
  setId: code.setId,
});

export const presentPendingAssignment = (p: PendingAssignment): PendingDto => ({
  id: p.id,
  expiresAt: new Date(p.expiresAt).toISOString(),
});

export const presentPendingStatus = (
  p: PendingAssignment,
  qrCode: string | null,
  now = new Date(),
): PendingAssignmentStatus => ({
  ...presentPendingAssignment(p),
  status: p.completedAt ? 'completed' : new Date(p.expiresAt) <= now ? 'expired' : 'pending',
  qrCode,
});
