import type { ScanResult } from '@homing/shared';

export const SCAN_TEXT = {
  notFound: 'QR code not found',
  failed: 'Failed to process QR code',
  noResult: 'No result from QR code scan',
} as const;

/**
 * What the /qr/{qrCode} screen shows for one answer of GET /api/qr-code-event (PRODUCT.md, Screens),
 * or of the POST that completes a pending assignment (same shape).
 */
export type ScanView =
  | { kind: 'error'; message: string }
  | { kind: 'assignment_pending'; itemId: string; itemName: string }
  | { kind: 'assignment_completed'; message: string; itemId: string | null }
  | { kind: 'assignment_failed'; error: string }
  | { kind: 'inactive_item'; message: string }
  | { kind: 'own_unassigned_code'; message: string }
  | { kind: 'other_unassigned_code'; message: string }
  | { kind: 'unclaimed_code'; setId: string | null; setCount: number }
  | { kind: 'found_item' }
  | { kind: 'inactive_code'; message: string }
  | { kind: 'unknown'; type: string };

interface ScanAnswer {
  success: boolean;
  status: number;
  error: string | null;
  data: Partial<ScanResult> | null;
}

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() ? value : fallback;

/** 404 is "not found"; other failures show the server's text if any; no type is "no result". */
export function scanView(answer: ScanAnswer): ScanView {
  if (answer.status === 404) return { kind: 'error', message: SCAN_TEXT.notFound };
  if (!answer.success) return { kind: 'error', message: text(answer.error, SCAN_TEXT.failed) };
  const result = answer.data;
  if (!result || typeof result.type !== 'string' || !result.type)
    return { kind: 'error', message: SCAN_TEXT.noResult };
  const message = text(result.message, '');
  switch (result.type) {
    case 'assignment_pending':
      // The page asks the owner, then completes it with a POST; without an item there is nothing to complete.
      return result.item?.id
        ? {
            kind: 'assignment_pending',
            itemId: result.item.id,
            itemName: text(result.item.name, 'your item'),
          }
        : { kind: 'error', message: SCAN_TEXT.failed };
    case 'assignment_completed':
      return {
        kind: 'assignment_completed',
        message: text(message, 'QR code assigned to your item!'),
        itemId: result.item?.id ?? null,
      };
    case 'assignment_failed':
      return {
        kind: 'assignment_failed',
        error: text(result.error, text(message, 'Failed to assign QR code')),
      };
    case 'inactive_item':
    case 'own_unassigned_code':
    case 'other_unassigned_code':
    case 'inactive_code':
      return { kind: result.type, message };
    case 'unclaimed_code':
      return { kind: 'unclaimed_code', setId: result.setId ?? null, setCount: setSize(result.setCount) };
    case 'found_item':
      return { kind: 'found_item' };
    default:
      return { kind: 'unknown', type: result.type };
  }
}

/** setCount defaults to 1 (spec): anything that is not a whole number above 0 counts as one code. */
export const setSize = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 1;
