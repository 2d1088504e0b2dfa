import { useEffect, useState } from 'react';
import type { ProgressEvent } from '../../shared/bridge';
import { useStation } from './stationContext';

const FIRST_STAGES = new Set(['loading', 'rendering', 'checking']);

/** The running job's steps as they happen (rendering, job id, waiting, completed, marked). */
export function ProgressPanel() {
  const { bridge } = useStation();
  const [events, setEvents] = useState<ProgressEvent[]>([]);
  useEffect(
    () =>
      bridge.onProgress((event) =>
        setEvents((current) => {
          // A new job starts a new list once the previous one has ended.
          const ended = current.some(
            (e) => e.stage === 'failed' || e.stage === 'completed' || e.stage === 'marked',
          );
          return FIRST_STAGES.has(event.stage) && ended ? [event] : [...current, event];
        }),
      ),
    [bridge],
  );
  if (events.length === 0) return null;
  return (
    <section className="station-progress" aria-label="Print progress" aria-live="polite">
      <ol>
        {events.map((event, i) => (
          <li key={i} className={`station-progress__${event.stage}`}>
            {event.message}
          </li>
        ))}
      </ol>
    </section>
  );
}
