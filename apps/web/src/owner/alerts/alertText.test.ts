import { describe, expect, it } from 'vitest';
import { alertFor, titleWithCount } from './alertText';

describe('alertFor', () => {
  it('alerts for a new report and for a finder’s message, naming the item when it can', () => {
    expect(
      alertFor({ event: 'found_report', data: JSON.stringify({ id: 'r1', item: { name: 'Blue bike' } }) }),
    ).toEqual({ reportId: 'r1', text: 'Someone found your Blue bike and wrote to you', urgent: false });
    expect(
      alertFor({
        event: 'thread_changed',
        data: JSON.stringify({ reportId: 'r1', reason: 'finder_message' }),
      }),
    ).toEqual({ reportId: 'r1', text: 'A finder sent you a new message', urgent: true });
  });

  it('stays quiet for scans, the owner’s own replies, readings, receipts and junk', () => {
    for (const reason of ['owner_message', 'read', 'delivered', 'closed'])
      expect(
        alertFor({ event: 'thread_changed', data: JSON.stringify({ reportId: 'r1', reason }) }),
      ).toBeNull();
    expect(
      alertFor({ event: 'found_event', data: JSON.stringify({ id: 'e1', item: { name: 'x' } }) }),
    ).toBeNull();
    expect(alertFor({ event: 'found_report', data: 'not json' })).toBeNull();
    expect(alertFor({ event: 'found_report', data: '{}' })).toBeNull();
  });
});

describe('titleWithCount', () => {
  it('puts the unseen count first, and nothing when there is none', () => {
    expect(titleWithCount('Dashboard · Homing', 2)).toBe('(2) Dashboard · Homing');
    expect(titleWithCount('Dashboard · Homing', 0)).toBe('Dashboard · Homing');
  });
});
