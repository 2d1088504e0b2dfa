import { describe, expect, it } from 'vitest';
import { claimAllLabel, claimSetQuestion, claimSuccessMessage, readyToClaimText, setNote } from './claimText';
import { scanView, setSize } from './scanOutcome';

const ok = (data: object | null) => ({ success: true, status: 200, error: null, data });

describe('scanView', () => {
  it('maps failures to the spec texts', () => {
    expect(scanView({ success: false, status: 404, error: 'whatever', data: null })).toEqual({
      kind: 'error',
      message: 'QR code not found',
    });
    expect(scanView({ success: false, status: 500, error: '', data: null })).toEqual({
      kind: 'error',
      message: 'Failed to process QR code',
    });
    expect(scanView({ success: false, status: 409, error: 'Busy, try again', data: null })).toEqual({
      kind: 'error',
      message: 'Busy, try again',
    });
    expect(scanView(ok(null))).toEqual({ kind: 'error', message: 'No result from QR code scan' });
    expect(scanView(ok({ message: 'x' }))).toEqual({ kind: 'error', message: 'No result from QR code scan' });
  });

  it('maps a waiting assignment to the item the page completes it for', () => {
    expect(
      scanView(ok({ type: 'assignment_pending', message: 'm', item: { id: 'i1', name: 'Keys' } })),
    ).toEqual({
      kind: 'assignment_pending',
      itemId: 'i1',
      itemName: 'Keys',
    });
    expect(scanView(ok({ type: 'assignment_pending', message: 'm' }))).toEqual({
      kind: 'error',
      message: 'Failed to process QR code',
    });
  });

  it('maps every outcome', () => {
    expect(scanView(ok({ type: 'assignment_completed', message: 'Done', item: { id: 'i1' } }))).toEqual({
      kind: 'assignment_completed',
      message: 'Done',
      itemId: 'i1',
    });
    expect(scanView(ok({ type: 'assignment_failed', message: 'm', error: 'Expired' }))).toEqual({
      kind: 'assignment_failed',
      error: 'Expired',
    });
    for (const type of ['inactive_item', 'own_unassigned_code', 'other_unassigned_code', 'inactive_code'])
      expect(scanView(ok({ type, message: 'msg' }))).toEqual({ kind: type, message: 'msg' });
    expect(scanView(ok({ type: 'unclaimed_code', setId: 's1', setCount: 80 }))).toEqual({
      kind: 'unclaimed_code',
      setId: 's1',
      setCount: 80,
    });
    expect(scanView(ok({ type: 'unclaimed_code' }))).toEqual({
      kind: 'unclaimed_code',
      setId: null,
      setCount: 1,
    });
    expect(scanView(ok({ type: 'found_item', item: { id: 'i' } }))).toEqual({ kind: 'found_item' });
    expect(scanView(ok({ type: 'mystery' }))).toEqual({ kind: 'unknown', type: 'mystery' });
  });

  it('defaults the set size to 1', () => {
    expect(setSize(undefined)).toBe(1);
    expect(setSize(0)).toBe(1);
    expect(setSize(2.5)).toBe(1);
    expect(setSize(8)).toBe(8);
  });
});

describe('claim texts', () => {
  it('follows the spec', () => {
    expect(readyToClaimText(1)).toBe("You're about to claim this QR code.");
    expect(readyToClaimText(8)).toBe("You're about to claim 8 QR codes from this set.");
    expect(setNote(1)).toBeNull();
    expect(setNote(8)).toBe('This code is part of a set of 8 codes. You can claim them all at once!');
    expect(claimSetQuestion(8)).toBe('There are other codes in the set. Claim all 8 codes now?');
    expect(claimAllLabel(8)).toBe('Claim 8 Codes');
  });

  it('prefers the server message, else counts', () => {
    expect(claimSuccessMessage('Server says hi', 3)).toBe('Server says hi');
    expect(claimSuccessMessage(undefined, 1)).toBe('Successfully claimed your QR code!');
    expect(claimSuccessMessage('  ', 5)).toBe('Successfully claimed 5 QR codes!');
  });
});
