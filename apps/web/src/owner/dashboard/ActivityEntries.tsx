import type { ThreadState } from '@homing/shared';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../format';
import type { EventEntry, ReportEntry } from './dashboardState';

const NewBadge = () => <span className="activity__new">New</span>;

/** A scan of one of the owner's labels by someone else (with a map link when a lost item's finder shared where). */
export function EventEntryView({ entry, fresh = false }: { entry: EventEntry; fresh?: boolean }) {
  return (
    <li className={`activity${fresh ? ' activity--fresh' : ''}`} data-entry-id={entry.id}>
      <span className="activity__dot activity__dot--scan" aria-hidden="true" />
      <div className="activity__body">
        <p className="activity__title">
          <strong>{entry.item.name}</strong> was scanned {fresh && <NewBadge />}
        </p>
        <p className="activity__meta">
          <time dateTime={entry.foundAt}>{formatDateTime(entry.foundAt)}</time>
          {entry.latitude && entry.longitude && (
            <a href={mapLink(entry.latitude, entry.longitude)} target="_blank" rel="noreferrer noopener">
              Where it was scanned
            </a>
          )}
        </p>
      </div>
    </li>
  );
}

const mapLink = (lat: string, lon: string) =>
  `https://www.openstreetmap.org/?mlat=${encodeURIComponent(lat)}&mlon=${encodeURIComponent(lon)}#map=17/${lat}/${lon}`;

/** The conversation's state as the owner reads it. */
export const THREAD_STATE_LABELS: Record<ThreadState, string> = {
  new: 'Unread',
  read: 'Read',
  answered: 'Answered',
  closed: 'Closed',
  // From a sender the owner blocked: held here, never an alert (PRODUCT.md, Conversations).
  blocked: 'Blocked',
};

export function ThreadStateBadge({ state }: { state: ThreadState }) {
  return <span className={`thread-state thread-state--${state}`}>{THREAD_STATE_LABELS[state]}</span>;
}

/**
 * A finder's message about one of the owner's items, its conversation's state and the way into
 * it; the location when given. The finder's e-mail and phone never reach the owner.
 */
export function ReportEntryView({ entry, fresh = false }: { entry: ReportEntry; fresh?: boolean }) {
  return (
    <li
      className={`activity${fresh ? ' activity--fresh' : ''}`}
      data-entry-id={entry.id}
      data-state={entry.state}
    >
      <span className="activity__dot activity__dot--report" aria-hidden="true" />
      <div className="activity__body">
        <p className="activity__title">
          <strong>{entry.item.name}</strong> reported found {fresh && <NewBadge />}{' '}
          {entry.state && <ThreadStateBadge state={entry.state} />}
        </p>
        {entry.message && <blockquote className="activity__message">{entry.message}</blockquote>}
        <p className="activity__meta">
          <span>{entry.finderName ? `From ${entry.finderName}` : 'From a finder'}</span>
          <time dateTime={entry.reportedAt}>{formatDateTime(entry.reportedAt)}</time>
          {/* The name starts with the visible words and tells one report from the next. */}
          <Link
            to={`/reports/${encodeURIComponent(entry.id)}`}
            aria-label={`${entry.state === 'closed' ? 'View conversation' : 'Reply'}: ${entry.item.name}, ${
              entry.finderName ? `from ${entry.finderName}, ` : ''
            }${formatDateTime(entry.reportedAt)}`}
          >
            {entry.state === 'closed' ? 'View conversation' : 'Reply'}
          </Link>
          {entry.latitude && entry.longitude && (
            <a href={mapLink(entry.latitude, entry.longitude)} target="_blank" rel="noreferrer noopener">
              {entry.address || 'Where it was found'}
            </a>
          )}
        </p>
      </div>
    </li>
  );
}
