import { useCallback, useEffect, useState, type ReactNode } from 'react';
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

/**
 * A settings card's list, loaded when the card opens and again when `reloadKey` changes.
 * `fetchList` answers the list, or null when it could not be loaded; keep it stable (a module
 * constant). `reload` after a change keeps the list shown until the new one comes; `retry` after a
 * failed load shows the loading state again.
 */
export function useSettingsList<T>(fetchList: () => Promise<T[] | null>, reloadKey = 0) {
  const [list, setList] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(
    () =>
      fetchList().then((items) => {
        if (!items) return setFailed(true);
        setFailed(false);
        setList(items);
      }),
    [fetchList],
  );
  useEffect(() => {
    void reload();
  }, [reload, reloadKey]);
  const retry = () => {
    setFailed(false);
    setList(null);
    void reload();
  };
  return { list, setList, failed, reload, retry };
}

/** A settings card's list as it loads: "Could not load your …" with a retry, "Loading your …", then it. */
export function Loaded<T>({
  state,
  what,
  children,
}: {
  state: { list: T[] | null; failed: boolean; retry: () => void };
  /** What the card lists, as in "Could not load your devices." */
  what: string;
  children: (list: T[]) => ReactNode;
}) {
  if (state.failed) return <ErrorState message={`Could not load your ${what}.`} onRetry={state.retry} />;
  if (state.list === null) return <LoadingState label={`Loading your ${what}...`} />;
  return <>{children(state.list)}</>;
}
