import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDateTime, plural } from './format';
import { describeFailure } from './failure';

describe('formatDate', () => {
  it('shows MM-DD-YYYY in local time', () => {
    expect(formatDate(new Date(2025, 0, 5, 9, 3))).toBe('01-05-2025');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 7))).toBe('12-31-2025 23:07');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatCountdown', () => {
  it('rounds up to whole seconds and never goes negative', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});

describe('plural', () => {
  it('counts', () => {
    expect(plural(1, 'QR code')).toBe('1 QR code');
    expect(plural(3, 'QR code')).toBe('3 QR codes');
  });
});

describe('describeFailure', () => {
  it('adds the server reason only when the user can act on it', () => {
    expect(
      describeFailure({ status: 413, error: 'Photo must be 5 MB or smaller' }, 'Failed to upload photo'),
    ).toEqual({
      message: 'Failed to upload photo',
      detail: 'Photo must be 5 MB or smaller',
    });
    expect(describeFailure({ status: 500, error: 'boom' }, 'Failed to upload photo').detail).toBeNull();
    expect(describeFailure({ status: 0, error: 'Network error' }, 'x').detail).toBeNull();
  });
});
