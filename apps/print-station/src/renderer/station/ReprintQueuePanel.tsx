import { useState } from 'react';
import type { ReprintEntry, ReprintResult } from '../../shared/bridge';
import { useStation } from './stationContext';

const labelCount = (n: number) => `${n} ${n === 1 ? 'label' : 'labels'}`;

/**
 * The labels read-backs queued for reprint (also ones left by an earlier run or the command line),
 * and the button that prints them through main's reprint path: same codes, from each entry's free
 * position, nothing marked. A failure says why and keeps what did not print in the queue.
 */
export function ReprintQueuePanel({
  queue,
  error,
  onChanged,
}: {
  queue: ReprintEntry[] | null;
  error: string | null;
  onChanged: () => void;
}) {
  const { bridge, settings } = useStation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReprintResult | { error: string; printed: []; queue: null } | null>(
    null,
  );
  const printer = settings.printer;

  async function reprint() {
    if (!printer) return;
    setBusy(true);
    setResult(null);
    try {
      setResult(await bridge.reprint(printer));
    } catch (caught) {
      setResult({ error: (caught as Error).message, printed: [], queue: null });
    } finally {
      setBusy(false);
      onChanged();
    }
  }

  const total = queue?.reduce((sum, entry) => sum + entry.codes.length, 0) ?? 0;
  return (
    <section aria-labelledby="reprint-title" className="station-readback__queue">
      <h2 id="reprint-title" className="station-subtitle">
        Queued for reprint
      </h2>
      {error && <p role="alert">{error}</p>}
      {queue && queue.length === 0 && !result && (
        <p className="station-note">Nothing is queued for reprint.</p>
      )}
      {queue && queue.length > 0 && (
        <>
          <ul className="station-readback__entries">
            {queue.map((entry) => (
              <li key={`${entry.setId}-${entry.time}`}>
                {labelCount(entry.codes.length)} of {entry.setName || `set ${entry.setId}`} (
                {entry.codes.join(', ')}), from column {entry.startColumn}, row {entry.startRow}
              </li>
            ))}
          </ul>
          {!printer && <p className="station-note">Choose a printer first (Printer).</p>}
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !printer}
            onClick={() => void reprint()}
          >
            {busy ? 'Reprinting...' : `Reprint failed labels (${total})`}
          </button>
        </>
      )}
      {result && result.printed.length > 0 && (
        <p className="form-message form-message--success" role="status">
          {result.printed
            .map(
              ({ entry, outcome }) =>
                `Reprinted ${labelCount(entry.codes.length)} of ${entry.setName || `set ${entry.setId}`} as job ${outcome.jobId} on ${outcome.printer}.`,
            )
            .join(' ')}
        </p>
      )}
      {result?.error && (
        <p className="form-message form-message--error" role="alert">
          Not reprinted: {result.error.replace(/\.$/, '')}.{' '}
          {result.queue === null || result.queue.length > 0
            ? 'The labels stay queued; try again when the printer is ready.'
            : ''}
        </p>
      )}
    </section>
  );
}
