import { z } from 'zod';
import { safeText } from './text';

// Scanning, claiming and assigning labels (PRODUCT.md: Screens, Entities, Calls and Label states).

export const SCAN_RESULT_TYPES = [
  'assignment_pending',
  'assignment_completed',
  'assignment_failed',
  'inactive_item',
  'own_unassigned_code',
  'other_unassigned_code',
  'unclaimed_code',
  'found_item',
  'inactive_code',
] as const;
export const scanResultType = z.enum(SCAN_RESULT_TYPES);
export type ScanResultType = z.infer<typeof scanResultType>;

export const SCAN_MESSAGES = {
  assignmentPending: 'Assigning this QR code to your item...',
  assignmentCompleted: 'QR code assigned to your item!',
  assignmentExpired: 'The assignment request has expired. Please try again.',
  assignmentTaken: 'This QR code was just claimed by someone else. Please scan another label.',
  inactiveItem: 'This item is not active right now.',
  ownUnassigned: 'This QR code is yours but is not assigned to an item yet.',
  otherUnassigned: 'This QR code has been claimed but is not assigned to an item yet.',
  unclaimed: 'This QR code is available to claim.',
  foundItem: 'This item belongs to someone. Let the owner know you found it.',
  inactiveCode: 'This label is not active yet.',
  notFound: 'QR code not found',
} as const;

/**
 * `GET /api/qr-code-event/{qrCode}` (spec: type, message, error, item (with id), setId, setCount).
 * The fields also appear at the top level of the response next to success and data.
 */
export const scanResult = z.object({
  type: scanResultType,
  message: z.string(),
  /** Set on assignment_failed: the reason, shown by the screen. */
  error: z.string().optional(),
  /**
   * assignment_pending: the item waiting for this label (the owner's page completes it with
   * `POST /api/items/{id}/qr-assignment/scan`); assignment_completed: the item now carrying the
   * label; found_item and inactive_item: its id.
   */
  item: z.object({ id: z.string(), name: z.string().optional() }).optional(),
  /** unclaimed_code only. */
  setId: z.string().optional(),
  /** unclaimed_code only: codes of the set that can still be claimed (the scanned one included). */
  setCount: z.number().optional(),
});
export type ScanResult = z.infer<typeof scanResult>;

export const CLAIM_MESSAGES = {
  claimedOne: 'Successfully claimed your QR code!',
  claimedMany: (n: number) => `Successfully claimed ${n} QR codes!`,
  alreadyYours: 'You already own this QR code.',
  takenByOther: 'This QR code has already been claimed by someone else.',
  notActive: 'This label is not active yet.',
  wrongSet: 'This QR code is not part of that set.',
  nothingLeft: 'There are no codes left to claim in this set.',
  scanFirst: 'To claim the whole set, scan one of its labels, then claim within 10 minutes.',
} as const;

const codeValue = safeText('qrCode', { error: 'qrCode is required' })
  .trim()
  .min(1, 'qrCode is required')
  .max(64, SCAN_MESSAGES.notFound);

/** `POST /api/qr-codes/claim` (spec: qrCode, setId (or null), claimAll). */
export const claimRequest = z.object({
  qrCode: codeValue,
  setId: safeText('setId').max(64).nullable().optional(),
  claimAll: z.boolean().default(false),
});
export type ClaimRequest = z.input<typeof claimRequest>;

export const ownedCode = z.object({ id: z.string(), value: z.string(), setId: z.string() });
export type OwnedCode = z.infer<typeof ownedCode>;

export const claimResult = z.object({
  message: z.string(),
  claimedCount: z.number(),
  codes: z.array(ownedCode),
});
export type ClaimResult = z.infer<typeof claimResult>;

/** `GET /api/qr-codes/available`: the caller's claimed codes that no item carries yet. */
export const availableCodes = z.object({ codes: z.array(ownedCode) });
export type AvailableCodes = z.infer<typeof availableCodes>;

/** `POST /api/items/{id}/qr-assignment`: put one of the caller's available codes on the item. */
export const assignCodeRequest = z.object({ qrCode: codeValue });
export type AssignCodeRequest = z.input<typeof assignCodeRequest>;

export const ASSIGN_MESSAGES = {
  codeNotYours: 'QR code not found',
  codeOnOtherItem: 'This QR code is already assigned to another item.',
} as const;
