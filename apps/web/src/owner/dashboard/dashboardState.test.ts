import type { DashboardData } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, dashboardState, liveEntry } from './dashboardState';

const report = (n: number) => ({
  id: `r${n}`,
  item: { id: 'i1', name: 'Keys' },
  finderName: '',
  message: `m${n}`,
  latitude: null,
  longitude: null,
  address: null,
  foundAt: '2025-01-01T00:00:00.000Z',
  reportedAt: '2025-01-01T00:00:00.000Z',
  state: 'new' as const,
  lastFinderMessageAt: '2025-01-01T00:00:00.000Z',
});

const data: DashboardData = {
  items: { items: [], totalCount: 2 },
  qrCodes: { unassignedCount: 3, claimedCount: 5 },
  foundEvents: [],
  foundEventsCount: 0,
  foundReports: [1, 2, 3, 4, 5].map(report),
  foundReportsCount: 7,
};

describe('applyLiveEvent', () => {
  it('prepends a live report, keeps 5 entries, counts it once', () => {
    const live = {
      event: 'found_report',
      data: JSON.stringify({
        id: 'new',
        item: { id: 'i1', name: 'Keys' },
        finderName: 'Sam',
        message: 'Found!',
        reportedAt: '2025-02-01T00:00:00.000Z',
      }),
    };
    const once = applyLiveEvent(dashboardState(data), live);
    expect(once.reports.map((r) => r.id)).toEqual(['new', 'r1', 'r2', 'r3', 'r4']);
    expect(once.reportsCount).toBe(8);
    expect(once.fresh).toEqual(['new']);
    expect(applyLiveEvent(once, live)).toBe(once);
  });

  it('prepends a live found event that names only the item', () => {
    const state = applyLiveEvent(dashboardState(data), {
      event: 'found_event',
      data: JSON.stringify({ id: 'e1', foundAt: '2025-02-01T00:00:00.000Z', item: { name: 'Bag' } }),
    });
    expect(state.events).toEqual([
      {
        id: 'e1',
        foundAt: '2025-02-01T00:00:00.000Z',
        item: { name: 'Bag' },
        latitude: null,
        longitude: null,
      },
    ]);
    expect(state.eventsCount).toBe(1);
  });

  it('ignores unknown or malformed events', () => {
    const state = dashboardState(data);
    expect(applyLiveEvent(state, { event: 'other', data: '{"id":"x","item":{}}' })).toBe(state);
    expect(applyLiveEvent(state, { event: 'found_report', data: 'not json' })).toBe(state);
    expect(applyLiveEvent(state, { event: 'found_report', data: '{"item":{}}' })).toBe(state);
  });
});

describe('liveEntry', () => {
  it("keeps a live report's location (never a finder's contact) for the full list", () => {
    const live = liveEntry({
      event: 'found_report',
      data: JSON.stringify({
        ...report(9),
        finderPhone: '+15551234567',
        latitude: '40.7128',
        longitude: '-74.0060',
      }),
    });
    expect(live).toEqual({
      type: 'found_report',
      entry: {
        id: 'r9',
        item: { id: 'i1', name: 'Keys' },
        finderName: '',
        message: 'm9',
        reportedAt: '2025-01-01T00:00:00.000Z',
        state: 'new',
        latitude: '40.7128',
        longitude: '-74.0060',
        address: null,
      },
    });
  });

  it('names a found event as such, and nothing for other events', () => {
    expect(
      liveEntry({
        event: 'found_event',
        data: JSON.stringify({ id: 'e1', foundAt: 'x', item: { name: 'Bag' } }),
      }),
    ).toEqual({
      type: 'found_event',
      entry: { id: 'e1', foundAt: 'x', item: { name: 'Bag' }, latitude: null, longitude: null },
    });
    expect(liveEntry({ event: 'ping', data: JSON.stringify({ id: 'e1', item: {} }) })).toBeNull();
  });
});
