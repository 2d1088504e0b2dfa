import type { BulkCreatedCode, QrCodeInSet, QrCodeSetDetail, QrCodeSetSummary } from '@homing/shared';
import type { QrCode } from '../../models/QrCode';
import type { QrCodeSet } from '../../models/QrCodeSet';
import type { SetWithCounts } from '../../services/labels/setLoader';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

// Rows and columns are 0-based in the database and 1-based in answers, as the screens show them.
export const presentSetSummary = (set: SetWithCounts): QrCodeSetSummary => ({
  id: set.id,
  name: set.name,
  createdAt: new Date(set.createdAt).toISOString(),
  parentSetId: set.parentSetId,
  templateId: set.templateId,
  rows: set.rows,
  columns: set.columns,
  firstRow: set.firstRow + 1,
  isPrinted: set.isPrinted,
  isReleased: set.isReleased,
  printedAt: iso(set.printedAt),
  releasedAt: iso(set.releasedAt),
  codeCount: set.codeCount,
  childCount: set.childCount,
  claimedCount: set.claimedCount,
  assignedCount: set.assignedCount,
});

export const presentCodeInSet = (code: QrCode): QrCodeInSet => ({
  id: code.id,
  value: code.value,
  isClaimed: code.ownerId !== null,
  isAssigned: code.itemId !== null,
  row: code.gridRow + 1,
  column: code.gridColumn + 1,
  setId: code.setId,
});

export const presentSetDetail = (set: SetWithCounts, codes: QrCode[]): QrCodeSetDetail => ({
  ...presentSetSummary(set),
  qrCodes: codes.map(presentCodeInSet),
});

export const presentBulkCode = (code: QrCode, set: Pick<QrCodeSet, 'name'>): BulkCreatedCode => ({
  id: code.id,
  value: code.value,
  setId: code.setId,
  setName: set.name,
});
