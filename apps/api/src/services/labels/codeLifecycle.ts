import type { QrCodeSet } from '../../models/QrCodeSet';

/**
 * A code has left the print room when its set is printed and, for a child of a split, released.
 * Only then may an owner claim it (DESIGN.md, QR codes).
 */
export const isSetClaimable = (set: Pick<QrCodeSet, 'isPrinted' | 'isReleased' | 'parentSetId'>) =>
  set.isPrinted && (set.parentSetId === null || set.isReleased);
