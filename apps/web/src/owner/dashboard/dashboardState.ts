import {
  DASHBOARD_LIST_MAX,
  type DashboardData,
  type FoundEvent,
  type FoundReportSummary,
} from '@homing/shared';
import type { SseEvent } from './sse';

/** A found event as the dashboard lists it (a live one carries only the item's name). */
export type EventEntry = Pick<FoundEvent, 'id' | 'foundAt'> & { item: { id?: string; name: string } };

/** A finder report as the dashboard lists it (a live one carries no contact details). */
export type ReportEntry = Pick<FoundReportSummary, 'id' | 'finderName' | 'message' | 'reportedAt'> & {
  item: { id?: string; name: string };
} & Partial<Pick<FoundReportSummary, 'finderPhone' | 'finderEmail' | 'latitude' | 'longitude' | 'address'>>;

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

/** A live `found_report` or `found_event` from GET /api/users/me/events, applied to the dashboard. */
export function applyLiveEvent(state: DashboardState, event: SseEvent): DashboardState {
  const data = parse(event.data);
  const id = str(data?.id);
  const item = record(data?.item);
  if (!data || !id || !item) return state;
  const itemRef = { ...(str(item.id) ? { id: str(item.id) } : {}), name: str(item.name) };
  if (event.event === 'found_report') {
    const entry: ReportEntry = {
      id,
      item: itemRef,
      finderName: str(data.finderName),
      message: str(data.message),
      reportedAt: str(data.reportedAt) || new Date().toISOString(),
    };
    const [reports, added] = prepend(state.reports, entry);
    if (!added) return state;
    return { ...state, reports, reportsCount: state.reportsCount + 1, fresh: [...state.fresh, id] };
  }
  if (event.event === 'found_event') {
    const entry: EventEntry = { id, item: itemRef, foundAt: str(data.foundAt) || new Date().toISOString() };
    const [events, added] = prepend(state.events, entry);
    if (!added) return state;
    return { ...state, events, eventsCount: state.eventsCount + 1, fresh: [...state.fresh, id] };
  }
  return state;
}
