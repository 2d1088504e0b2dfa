import { describe, expect, it } from 'vitest';
import { localMinute, quietUntil, zonedDateTime, type QuietHours } from './quietHours';

const night: QuietHours = {
  enabled: true,
  startMinute: 22 * 60,
  endMinute: 7 * 60,
  timeZone: 'America/New_York',
};
const at = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('reads the wall clock in the owner time zone', () => {
    expect(localMinute(at('2026-07-01T03:30:00Z'), 'America/New_York')).toBe(23 * 60 + 30); // EDT, UTC-4
    expect(localMinute(at('2026-07-01T03:30:00Z'), 'Asia/Kolkata')).toBe(9 * 60); // UTC+5:30
  });

  it('spans midnight when the start is after the end', () => {
    expect(quietUntil(night, at('2026-07-01T03:30:00Z'))).toEqual(at('2026-07-01T11:00:00Z')); // 23:30 → 07:00
    expect(quietUntil(night, at('2026-07-01T09:15:42Z'))).toEqual(at('2026-07-01T11:00:00Z')); // 05:15 → 07:00
    expect(quietUntil(night, at('2026-07-01T11:00:00Z'))).toBeNull(); // 07:00: over
    expect(quietUntil(night, at('2026-07-01T16:00:00Z'))).toBeNull(); // noon
    expect(quietUntil(night, at('2026-07-02T02:00:00Z'))).toEqual(at('2026-07-02T11:00:00Z')); // 22:00 sharp
  });

  it('handles a window within one day, an empty window and a switched-off one', () => {
    const lunch = { ...night, startMinute: 12 * 60, endMinute: 13 * 60, timeZone: 'UTC' };
    expect(quietUntil(lunch, at('2026-07-01T12:30:00Z'))).toEqual(at('2026-07-01T13:00:00Z'));
    expect(quietUntil(lunch, at('2026-07-01T13:30:00Z'))).toBeNull();
    expect(quietUntil({ ...lunch, endMinute: 12 * 60 }, at('2026-07-01T12:00:00Z'))).toBeNull();
    expect(quietUntil({ ...night, enabled: false }, at('2026-07-01T03:30:00Z'))).toBeNull();
  });

  it('ends at the chosen time on the nights the clocks change', () => {
    const paris = { enabled: true, startMinute: 60, endMinute: 6 * 60, timeZone: 'Europe/Paris' };
    // Spring forward on 2026-03-29 (02:00 → 03:00): 01:30 CET until 06:00 CEST is 3.5 hours.
    expect(quietUntil(paris, at('2026-03-29T00:30:00Z'))).toEqual(at('2026-03-29T04:00:00Z'));
    // Fall back on 2026-10-25 (03:00 → 02:00): 01:30 CEST until 06:00 CET is 5.5 hours.
    expect(quietUntil(paris, at('2026-10-24T23:30:00Z'))).toEqual(at('2026-10-25T05:00:00Z'));
  });
});

describe('zonedDateTime', () => {
  it('writes MM-DD-YYYY and a 24-hour time in the named time zone', () => {
    const at = new Date('2026-11-26T13:03:00Z');
    expect(zonedDateTime(at, 'Europe/Paris')).toBe('11-26-2026 14:03 (Europe/Paris)');
    expect(zonedDateTime(at, 'America/New_York')).toBe('11-26-2026 08:03 (America/New_York)');
    expect(zonedDateTime(new Date('2026-11-26T23:30:00Z'), 'Asia/Tokyo')).toBe(
      '11-27-2026 08:30 (Asia/Tokyo)',
    );
    expect(zonedDateTime(new Date('2026-11-26T00:05:00Z'), 'UTC')).toBe('11-26-2026 00:05 (UTC)');
  });
});
