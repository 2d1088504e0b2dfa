import type { LiveStatus } from './useOwnerEvents';

const LIVE_TEXT: Record<LiveStatus, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  offline: 'Reconnecting...',
};

/** Whether the page is receiving live updates; announced to screen readers as a status. */
export function LiveBadge({ status }: { status: LiveStatus }) {
  return (
    <span
      className={`live-badge live-badge--${status}`}
      role="status"
      aria-label={`Live updates: ${LIVE_TEXT[status]}`}
    >
      <span className="live-badge__dot" aria-hidden="true" />
      {LIVE_TEXT[status]}
    </span>
  );
}
