import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { FoundEventsPage, FoundReportsPage } from '@homing/shared';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import type { ApiResult } from '../../api';
import { ownerApi } from '../ownerApi';
import { EventEntryView, ReportEntryView } from './ActivityEntries';
import { liveEntry, type EventEntry, type LiveEntry, type ReportEntry } from './dashboardState';
import { LiveBadge } from './LiveBadge';
import type { SseEvent } from './sse';
import { useOwnerEvents } from './useOwnerEvents';
import '../owner.css';
import './DashboardView.css';

interface Page<T> {
  entries: T[];
  hasMore: boolean;
  totalCount: number;
}

/** Where a list comes from; module constants, so they never change between renders. */
interface ListSource<D, T> {
  fetchPage: (page: number) => Promise<ApiResult<D>>;
  pick: (data: D) => Page<T>;
  /** The list's entry in a live event, or null when the event belongs to the other list. */
  fromLive: (live: LiveEntry | null) => T | null;
  /** Entries carry a conversation's state: a changed conversation reloads the list. */
  threads?: boolean;
}

const EVENTS: ListSource<FoundEventsPage, EventEntry> = {
  fetchPage: ownerApi.foundEvents,
  pick: (d) => ({ entries: d.events, hasMore: d.hasMore, totalCount: d.totalCount }),
  fromLive: (live) => (live?.type === 'found_event' ? live.entry : null),
};

const REPORTS: ListSource<FoundReportsPage, ReportEntry> = {
  fetchPage: ownerApi.foundReports,
  pick: (d) => ({ entries: d.reports, hasMore: d.hasMore, totalCount: d.totalCount }),
  fromLive: (live) => (live?.type === 'found_report' ? live.entry : null),
  threads: true,
};

interface ActivityListProps<D, T> {
  title: string;
  lead: string;
  empty: string;
  failed: string;
  source: ListSource<D, T>;
  renderEntry: (entry: T, fresh: boolean) => ReactNode;
}

type State<T> =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'ready'; entries: T[]; hasMore: boolean; totalCount: number; page: number };

/** A full, paged list behind a dashboard View All link; new entries arrive live on top. */
function ActivityListView<D, T extends { id: string }>(props: ActivityListProps<D, T>) {
  const { isAuthenticated, sessionToken } = useAuth();
  const [fresh, setFresh] = useState<string[]>([]);
  const [state, setState] = useState<State<T>>({ kind: 'loading' });
  const [more, setMore] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [attempt, setAttempt] = useState(0);
  const { source, failed } = props;

  const load = useCallback(
    async (page: number): Promise<Page<T> | null> => {
      const result = await source.fetchPage(page);
      if (result.success && result.data) return source.pick(result.data);
      console.error(failed, result.status, result.error);
      return null;
    },
    [source, failed],
  );

  useEffect(() => {
    if (!isAuthenticated) return;
    let cancelled = false;
    void load(1).then((page) => {
      if (!cancelled) setState(page ? { kind: 'ready', ...page, page: 1 } : { kind: 'error' });
    });
    return () => {
      cancelled = true;
    };
  }, [isAuthenticated, attempt, load]);

  const onLive = useCallback(
    (event: SseEvent) => {
      // A conversation changed (a message, a reading): its state is reloaded with the page.
      if (event.event === 'thread_changed' && source.threads) return setAttempt((n) => n + 1);
      const entry = source.fromLive(liveEntry(event));
      if (!entry) return;
      setState((s) =>
        s.kind !== 'ready' || s.entries.some((e) => e.id === entry.id)
          ? s
          : { ...s, entries: [entry, ...s.entries], totalCount: s.totalCount + 1 },
      );
      setFresh((ids) => [...ids, entry.id]);
    },
    [source],
  );
  // After a gap in the stream, reload: entries may have arrived meanwhile.
  const live = useOwnerEvents(isAuthenticated ? sessionToken : null, onLive, () => setAttempt((n) => n + 1));

  const loadMore = async () => {
    if (state.kind !== 'ready') return;
    setMore('busy');
    const next = await load(state.page + 1);
    if (!next) return setMore('failed');
    setMore('idle');
    setState((s) => {
      if (s.kind !== 'ready') return s;
      const seen = new Set(s.entries.map((e) => e.id));
      return {
        ...next,
        kind: 'ready',
        page: s.page + 1,
        entries: [...s.entries, ...next.entries.filter((e) => !seen.has(e.id))],
      };
    });
  };

  let body: ReactNode;
  if (!isAuthenticated) body = <EmptyState title="Please log in to view your dashboard" />;
  else if (state.kind === 'loading') body = <LoadingState />;
  else if (state.kind === 'error')
    body = (
      <ErrorState
        message={props.failed}
        onRetry={() => {
          setState({ kind: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  else if (state.entries.length === 0) body = <EmptyState title={props.empty} />;
  else
    body = (
      <>
        <div className="dash-card owner-card">
          <ul className="activity-list">
            {state.entries.map((entry) => props.renderEntry(entry, fresh.includes(entry.id)))}
          </ul>
        </div>
        {(state.hasMore || more === 'failed') && (
          <div className="owner-more">
            {more === 'failed' && <p className="owner-more__error">{props.failed}</p>}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void loadMore()}
              disabled={more === 'busy'}
            >
              {more === 'busy' ? 'Loading...' : 'Load More'}
            </button>
          </div>
        )}
      </>
    );

  return (
    <>
      <p className="activity-back">
        <Link to="/dashboard">← Dashboard</Link>
      </p>
      <div className="owner-head">
        <h1 id="page-title" className="page__title">
          {props.title}
        </h1>
        {state.kind === 'ready' && <span className="dash-card__count">{state.totalCount}</span>}
        {isAuthenticated && <LiveBadge status={live} />}
        <p className="owner-head__lead">{props.lead}</p>
      </div>
      {body}
    </>
  );
}

export function FoundEventsList() {
  return (
    <ActivityListView
      title="Found Events"
      lead="Every time someone else scanned one of your labels."
      empty="Nobody has scanned your labels yet."
      failed="Failed to load found events"
      source={EVENTS}
      renderEntry={(entry, fresh) => <EventEntryView key={entry.id} entry={entry} fresh={fresh} />}
    />
  );
}

export function FoundReportsList() {
  return (
    <ActivityListView
      title="Found Reports"
      lead="Messages from people who found your items."
      empty="No finder has written to you yet."
      failed="Failed to load found reports"
      source={REPORTS}
      renderEntry={(entry, fresh) => <ReportEntryView key={entry.id} entry={entry} fresh={fresh} />}
    />
  );
}
