import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DASHBOARD_LIST_MAX } from '@homing/shared';
import { useAuth } from '../../auth/authContext';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { userLabel } from '../../components/userLabel';
import { ownerApi, type GiftExplanation, type Voucher } from '../ownerApi';
import { EventEntryView, ReportEntryView } from './ActivityEntries';
import { applyLiveEvent, dashboardState, type DashboardState } from './dashboardState';
import { GettingStarted } from './GettingStarted';
import { NotificationOptIn } from '../alerts/OwnerAlerts';
import { GiftsCard } from './GiftsCard';
import { LiveBadge } from './LiveBadge';
import { PhoneConfirmCard } from './PhoneConfirmCard';
import { useOwnerEvents } from './useOwnerEvents';
import '../owner.css';
import './DashboardView.css';

export const DASHBOARD_DATA_FAILED = 'Failed to load dashboard data';
export const DASHBOARD_FAILED = 'Failed to load dashboard';

type Loaded = { kind: 'ready'; data: DashboardState } | { kind: 'error'; message: string };

/** The server answered with a failure: 'data'; the call itself failed (network): 'dashboard'. */
async function fetchDashboard(): Promise<Loaded> {
  try {
    const result = await ownerApi.dashboard();
    if (result.success && result.data) return { kind: 'ready', data: dashboardState(result.data) };
    console.error('Failed to load dashboard data', result.status, result.error);
    return { kind: 'error', message: result.status === 0 ? DASHBOARD_FAILED : DASHBOARD_DATA_FAILED };
  } catch (err) {
    console.error('Failed to load dashboard', err);
    return { kind: 'error', message: DASHBOARD_FAILED };
  }
}

function ListCard(props: {
  id: string;
  title: string;
  count: number;
  viewAll: string;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section className="dash-card owner-card" aria-labelledby={props.id}>
      <div className="dash-card__head">
        <h2 id={props.id} className="dash-card__title">
          {props.title} <span className="dash-card__count">{props.count}</span>
        </h2>
        {props.count > DASHBOARD_LIST_MAX && (
          <Link to={props.viewAll} className="dash-card__link">
            View All
          </Link>
        )}
      </div>
      {props.count === 0 ? (
        <p className="dash-card__empty">{props.empty}</p>
      ) : (
        <ul className="activity-list">{props.children}</ul>
      )}
    </section>
  );
}

const URGENCY = { new: 0, read: 1, answered: 2, closed: 3, blocked: 4 } as const;
/** New messages first, then read, answered, closed and blocked; newest first within each. */
const byUrgency = (reports: DashboardState['reports']) =>
  [...reports].sort((a, b) => URGENCY[a.state ?? 'new'] - URGENCY[b.state ?? 'new']);

/** Dashboard (/dashboard, PRODUCT.md, Screens), updated live as finders scan and write. */
const WELCOMED = 'homing.welcomed.';

/** Whether this account has seen its dashboard in this browser before: "Welcome" first, then "Welcome back". */
function useReturningVisit(userId: string | null) {
  const [returning] = useState(() => {
    try {
      return !!userId && localStorage.getItem(WELCOMED + userId) !== null;
    } catch {
      return true;
    }
  });
  useEffect(() => {
    try {
      if (userId) localStorage.setItem(WELCOMED + userId, '1');
    } catch {
      // storage disabled: the next visit says "Welcome" again
    }
  }, [userId]);
  return returning;
}

export function DashboardView() {
  const { isAuthenticated, currentUser, sessionToken } = useAuth();
  const returning = useReturningVisit(currentUser?.id ?? null);
  const [state, setState] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [vouchers, setVouchers] = useState<Voucher[]>([]);
  const [gift, setGift] = useState<GiftExplanation | null>(null);

  useEffect(() => {
    if (!isAuthenticated) return;
    let cancelled = false;
    void fetchDashboard().then((loaded) => !cancelled && setState(loaded));
    void ownerApi.vouchers().then((r) => {
      if (cancelled || !r.success) return;
      setVouchers(r.data?.vouchers ?? []);
      setGift(r.data?.gift ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, [isAuthenticated, attempt]);

  const onLive = useCallback((event: Parameters<typeof applyLiveEvent>[1]) => {
    // A conversation changed (a message, a reading): the reports' states are loaded again.
    if (event.event === 'thread_changed') return setAttempt((n) => n + 1);
    setState((s) => (s?.kind === 'ready' ? { ...s, data: applyLiveEvent(s.data, event) } : s));
  }, []);
  const live = useOwnerEvents(isAuthenticated ? sessionToken : null, onLive, () => setAttempt((n) => n + 1));

  if (!isAuthenticated) return <EmptyState title="Please log in to view your dashboard" />;
  if (!state) return <LoadingState label="Loading your dashboard..." />;
  if (state.kind === 'error')
    return (
      <ErrorState
        message={state.message}
        onRetry={() => {
          setState(null);
          setAttempt((n) => n + 1);
        }}
      />
    );

  const d = state.data;
  const fresh = new Set(d.fresh);
  const hasLabels = d.unassignedCount > 0 || d.items.some((item) => item.qrCode);
  return (
    <>
      <div className="owner-head">
        <div className="dash-title">
          <h1 id="page-title" className="dash-title__eyebrow">
            Dashboard
          </h1>
          <h2 className="page__title">
            {returning ? 'Welcome back' : 'Welcome'}, {userLabel(currentUser)}!
          </h2>
        </div>
        <LiveBadge status={live} />
        <NotificationOptIn />
        <p className="owner-head__lead">
          Your items, your labels, and everyone who found something of yours.
        </p>
      </div>
      <PhoneConfirmCard />

      {(d.itemsCount === 0 || !hasLabels) && (
        <GettingStarted hasLabels={hasLabels} hasItems={d.itemsCount > 0} />
      )}

      <div className="dash-stats">
        <section className="stat owner-card" aria-labelledby="stat-codes">
          <p id="stat-codes" className="stat__label">
            Unallocated QR Codes
          </p>
          <p className="stat__value" data-testid="unallocated-count">
            {d.unassignedCount}
          </p>
          <p className="stat__hint">Labels you own that are not on an item yet.</p>
          <Link to="/items" className="stat__link">
            Put one on an item
          </Link>
        </section>
        <section className="stat stat--items owner-card" aria-labelledby="stat-items">
          <p id="stat-items" className="stat__label">
            My Items
          </p>
          <p className="stat__value" data-testid="items-count">
            {d.itemsCount}
          </p>
          {d.items.length > 0 && (
            <ul className="stat__items">
              {d.items.slice(0, DASHBOARD_LIST_MAX).map((item) => (
                <li key={item.id}>
                  <span aria-hidden="true">{item.itemType.icon}</span> {item.name}
                  {!item.qrCode && <span className="stat__nolabel">no label</span>}
                  {item.lost && <span className="stat__lost">{item.lost.stolen ? 'stolen' : 'lost'}</span>}
                </li>
              ))}
            </ul>
          )}
          <div className="stat__links">
            <Link to="/items" className="stat__link">
              {d.itemsCount > DASHBOARD_LIST_MAX ? 'View All' : 'View Items'}
            </Link>
            <Link to="/create" className="stat__link">
              Add Item
            </Link>
          </div>
        </section>
      </div>

      <div className="dash-grid">
        <ListCard
          id="dash-reports"
          title="Items Reported Found"
          count={d.reportsCount}
          viewAll="/reports"
          empty="No finder has written to you yet."
        >
          {/* Messages waiting for an answer first: a finder is the one who matters. */}
          {byUrgency(d.reports.slice(0, DASHBOARD_LIST_MAX)).map((r) => (
            <ReportEntryView key={r.id} entry={r} fresh={fresh.has(r.id)} />
          ))}
        </ListCard>
        <ListCard
          id="dash-events"
          title="Recent Found Events"
          count={d.eventsCount}
          viewAll="/events"
          empty="Nobody has scanned your labels yet."
        >
          {d.events.slice(0, DASHBOARD_LIST_MAX).map((e) => (
            <EventEntryView key={e.id} entry={e} fresh={fresh.has(e.id)} />
          ))}
        </ListCard>
        <GiftsCard vouchers={vouchers} gift={gift} />
      </div>
    </>
  );
}
