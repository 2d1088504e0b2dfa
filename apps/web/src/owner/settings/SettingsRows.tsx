import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../components/StateViews';

/** One entry of a settings list (a session, a device, a backup contact) and its one action. */
export interface SettingsRow {
  id: string;
  title: ReactNode;
  badge?: string | null;
  /** When it was added or last used, under its title. */
  times?: ReactNode;
  action?: { label: string; busyLabel: string; ariaLabel: string; run: () => void };
}

/**
 * A settings card's list: each entry with its badge, its times and its action. While one action
 * runs (`busy` is its row's id, or another key of the card's), every button waits.
 */
export function SettingsRows({
  label,
  rows,
  busy,
}: {
  label: string;
  rows: SettingsRow[];
  busy: string | null;
}) {
  return (
    <ul className="settings-sessions" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id} className="settings-session">
          <div className="settings-session__text">
            <p className="settings-session__device">
              {row.title}
              {row.badge && <span className="settings-badge">{row.badge}</span>}
            </p>
            {row.times && <p className="settings-session__times">{row.times}</p>}
          </div>
          {row.action && (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy !== null}
              aria-label={row.action.ariaLabel}
              onClick={row.action.run}
            >
              {busy === row.id ? row.action.busyLabel : row.action.label}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A settings card's content as it loads: "Could not load your …" with a retry, "Loading your …", then it. */
export function Loaded<T>({
  data,
  failed,
  what,
  retry,
  children,
}: {
  data: T | null;
  failed: boolean;
  /** What the card lists, as in "Could not load your devices." */
  what: string;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  if (failed) return <ErrorState message={`Could not load your ${what}.`} onRetry={retry} />;
  if (data === null) return <LoadingState label={`Loading your ${what}...`} />;
  return <>{children(data)}</>;
}
