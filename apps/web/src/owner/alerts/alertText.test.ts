import { describe, expect, it } from 'vitest';
import { alertFor, titleWithCount } from './alertText';

describe('alertFor', () => {
  it('alerts for a new report and for a finder’s message, naming the item when it can', () => {
    expect(
      alertFor({ event: 'found_report', data: JSON.stringify({ id: 'r1', item: { name: 'Blue bike' } }) }),
    ).toEqual({
      reportId: 'r1',
      text: 'Someone found your Blue bike and wrote to you',
      urgent: true,
      link: { href: '/reports/r1', label: 'Read and reply', external: false },
      tag: 'report-r1',
    });
    expect(
      alertFor({
        event: 'thread_changed',
        data: JSON.stringify({ reportId: 'r1', reason: 'finder_message' }),
      }),
    ).toEqual({
      reportId: 'r1',
      text: 'A finder sent you a new message',
      urgent: true,
      link: { href: '/reports/r1', label: 'Read and reply', external: false },
      tag: 'report-r1',
    });
  });

  it('alerts for a scan of a lost item, with a map link when the finder shared where', () => {
    const scan = { id: 's1', urgent: true, item: { id: 'i1', name: 'Grey cat' } };
    expect(
      alertFor({
        event: 'lost_item_scan',
        data: JSON.stringify({ ...scan, latitude: '48.8566', longitude: '2.3522' }),
      }),
    ).toEqual({
      reportId: null,
      text: 'Your lost Grey cat was just scanned',
      urgent: true,
      link: {
        href: 'https://www.openstreetmap.org/?mlat=48.8566&mlon=2.3522#map=17/48.8566/2.3522',
        label: 'See where on a map',
        external: true,
      },
      tag: 'lost-scan-s1',
    });
    expect(
      alertFor({
        event: 'lost_item_scan',
        data: JSON.stringify({ ...scan, latitude: null, longitude: null }),
      }),
    ).toMatchObject({ link: { href: '/dashboard', label: 'Open the dashboard', external: false } });
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
