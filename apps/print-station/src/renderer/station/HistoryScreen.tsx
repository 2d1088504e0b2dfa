import { ErrorState, LoadingState } from '@homing/web/admin';
import { useCallback } from 'react';
import { useStation } from './stationContext';
import { useBridgeData } from './useBridgeData';

/** The station's print jobs, newest first: what printed, what was marked, and why not. */
export function HistoryScreen() {
  const { bridge } = useStation();
  const {
    data: entries,
    error,
    reload: reloadEntries,
  } = useBridgeData(useCallback(() => bridge.history(200), [bridge]));
  const { data: pending, reload: reloadPending } = useBridgeData(
    useCallback(() => bridge.pendingMarks(), [bridge]),
  );
  const reload = () => {
    reloadEntries();
    reloadPending();
  };

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        Job History
      </h1>
      <button type="button" className="button button--secondary button--small" onClick={reload}>
        Refresh
      </button>
      {pending && pending.length > 0 && (
        <section aria-labelledby="pending-title" className="station-pending">
          <h2 id="pending-title">Waiting to be marked printed</h2>
          <p>
            These jobs completed, but the server has not yet accepted marking their sets printed. The station
            keeps trying (also after a restart).
          </p>
          <table className="station-table">
            <thead>
              <tr>
                <th scope="col">Completed</th>
                <th scope="col">Job</th>
                <th scope="col">What</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {pending.map((mark) => (
                <tr key={mark.id}>
                  <td>{new Date(mark.completedAt).toLocaleString()}</td>
                  <td>{mark.jobId ?? '-'}</td>
                  <td>{mark.label}</td>
                  <td>{mark.attempts}</td>
                  <td>{mark.lastError ?? '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {error ? (
        <ErrorState message={error} onRetry={reload} />
      ) : !entries ? (
        <LoadingState label="Loading job history..." />
      ) : entries.length === 0 ? (
        <p>No print jobs yet.</p>
      ) : (
        <table className="station-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Outcome</th>
              <th scope="col">Job</th>
              <th scope="col">Printer</th>
              <th scope="col">What</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, i) => (
              <tr key={`${entry.time}-${i}`} className={`station-outcome--${entry.outcome}`}>
                <td>{new Date(entry.time).toLocaleString()}</td>
                <td>{entry.outcome}</td>
                <td>{entry.jobId ?? '-'}</td>
                <td>{entry.printer}</td>
                <td>
                  {entry.kind === 'calibration'
                    ? 'Calibration sheet'
                    : entry.setId
                      ? `Set ${entry.setId}`
                      : 'Labels'}
                </td>
                <td>{entry.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
