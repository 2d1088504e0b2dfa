import {
  DASHBOARD_LIST_MAX,
  type DashboardData,
  type FoundEvent,
  type FoundReportSummary,
} from '@homing/shared';
import type { SseEvent } from './sse';

/** A found event as the dashboard lists it (a live one carries only the item's name). */
export type EventEntry = Pick<FoundEvent, 'id' | 'foundAt'> & {
  item: { id?: string; name: string };
} & Partial<Pick<FoundEvent, 'latitude' | 'longitude'>>;

/**
 * A finder report as the dashboard lists it (with the location and conversation state the full
 * lists show; never the finder's e-mail or phone: the owner answers in the conversation).
 */
export type ReportEntry = Pick<FoundReportSummary, 'id' | 'finderName' | 'message' | 'reportedAt'> & {
  /** id null: a label with no item, named "Label ABC123 (not attached)" by the server. */
  item: { id?: string | null; name: string };
} & Partial<Pick<FoundReportSummary, 'latitude' | 'longitude' | 'address' | 'state'>>;

export interface DashboardState {
  itemsCount: number;
  items: DashboardData['items']['items'];
  unassignedCount: number;
  events: EventEntry[];
  eventsCount: number;
  reports: ReportEntry[];
  reportsCount: number;
  /** Entries that arrived live, to mark them New. */
  fresh: string[];
}

export function dashboardState(data: DashboardData): DashboardState {
  return {
    itemsCount: data.items.totalCount,
    items: data.items.items,
    unassignedCount: data.qrCodes.unassignedCount,
    events: data.foundEvents,
    eventsCount: data.foundEventsCount ?? data.foundEvents.length,
    reports: data.foundReports,
    reportsCount: data.foundReportsCount ?? data.foundReports.length,
    fresh: [],
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

function parse(data: string): Record<string, unknown> | null {
  try {
    return record(JSON.parse(data));
  } catch {
    return null;
  }
}

/** Puts an entry first, once, keeping at most DASHBOARD_LIST_MAX; says whether it was new. */
function prepend<T extends { id: string }>(list: T[], entry: T): [T[], boolean] {
  if (list.some((e) => e.id === entry.id)) return [list, false];
  return [[entry, ...list].slice(0, DASHBOARD_LIST_MAX), true];
}

const optional = (v: unknown) => (typeof v === 'string' && v ? v : null);

export type LiveEntry =
  { type: 'found_report'; entry: ReportEntry } | { type: 'found_event'; entry: EventEntry };

/**
 * A live `found_report` or `found_event` from GET /api/users/me/events as a list entry, or null
 * for anything else or anything malformed. A report keeps the finder's location, which the
 * owner's own stream carries.
 */
export function liveEntry(event: SseEvent): LiveEntry | null {
  const data = parse(event.data);
  const id = str(data?.id);
  const item = record(data?.item);
  if (!data || !id || !item) return null;
  const itemRef = { ...(str(item.id) ? { id: str(item.id) } : {}), name: str(item.name) };
  if (event.event === 'found_report')
    return {
      type: 'found_report',
      entry: {
        id,
        item: itemRef,
        finderName: str(data.finderName),
        message: str(data.message),
        reportedAt: str(data.reportedAt) || new Date().toISOString(),
        state: 'new',
        latitude: optional(data.latitude),
        longitude: optional(data.longitude),
        address: optional(data.address),
      },
    };
  if (event.event === 'found_event')
    return {
      type: 'found_event',
      entry: {
        id,
        item: itemRef,
        foundAt: str(data.foundAt) || new Date().toISOString(),
        latitude: optional(data.latitude),
        longitude: optional(data.longitude),
      },
    };
  return null;
}

/** A live event applied to the dashboard: the entry first, counted once, marked New. */
export function applyLiveEvent(state: DashboardState, event: SseEvent): DashboardState {
  const live = liveEntry(event);
  if (live?.type === 'found_report') {
    const [reports, added] = prepend(state.reports, live.entry);
    if (!added) return state;
    return {
      ...state,
      reports,
      reportsCount: state.reportsCount + 1,
      fresh: [...state.fresh, live.entry.id],
    };
  }
  if (live?.type === 'found_event') {
    const [events, added] = prepend(state.events, live.entry);
    if (!added) return state;
    return { ...state, events, eventsCount: state.eventsCount + 1, fresh: [...state.fresh, live.entry.id] };
  }
  return state;
}
