import { ErrorState, LoadingState } from '@homing/web/admin';
import { useCallback } from 'react';
import { useStation } from './stationContext';
import { useBridgeData } from './useBridgeData';

/** The station's print jobs, newest first: what printed, what was marked, and why not. */
export function HistoryScreen() {
  const { bridge } = useStation();
  const { data: entries, error, reload } = useBridgeData(useCallback(() => bridge.history(200), [bridge]));

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        Job History
      </h1>
      <button type="button" className="button button--secondary button--small" onClick={reload}>
        Refresh
      </button>
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
