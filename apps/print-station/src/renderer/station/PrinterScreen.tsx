import { ErrorState, LoadingState, TextField } from '@homing/web/admin';
import { useCallback, useState, type FormEvent } from 'react';
import { clampStart, defaultTemplate } from '@homing/label-layout';
import type { PrinterInfo } from '../../shared/bridge';
import { useStation } from './stationContext';
import { useBridgeData } from './useBridgeData';

const stateText = (p: PrinterInfo) =>
  [
    p.state === 'stopped' ? 'stopped' : p.state,
    p.accepting === false ? 'not accepting jobs' : null,
    p.message,
  ]
    .filter(Boolean)
    .join(' · ');

/** Printer choice, where the first sheet starts, and printing a set by id (reprints too). */
export function PrinterScreen() {
  const { bridge, settings, updateSettings, setNotice } = useStation();
  const [setId, setSetId] = useState('');
  const [busy, setBusy] = useState(false);

  const { data: printers, error, reload } = useBridgeData(useCallback(() => bridge.printers(), [bridge]));

  const setStart = (change: { column?: string; row?: string }) => {
    const start = clampStart(defaultTemplate, {
      column: change.column ?? settings.startColumn,
      row: change.row ?? settings.startRow,
    });
    updateSettings({ startColumn: start.column, startRow: start.row });
  };

  async function printSet(event: FormEvent) {
    event.preventDefault();
    if (!settings.printer) return;
    setBusy(true);
    setNotice(null);
    try {
      const outcome = await bridge.printSet({
        setId: setId.trim(),
        printer: settings.printer,
        startColumn: settings.startColumn,
        startRow: settings.startRow,
      });
      setNotice({ tone: 'success', text: `Job ${outcome.jobId} completed: ${outcome.note}.` });
    } catch (caught) {
      setNotice({ tone: 'error', text: (caught as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        Printer
      </h1>
      {error ? (
        <ErrorState message={error} onRetry={reload} />
      ) : !printers ? (
        <LoadingState label="Looking for printers..." />
      ) : printers.length === 0 ? (
        <p>No printers are set up. Add one in the system's printer settings, then refresh.</p>
      ) : (
        <fieldset className="station-printers">
          <legend>Print on</legend>
          {printers.map((printer) => (
            <label key={printer.name} className="station-printer">
              <input
                type="radio"
                name="printer"
                value={printer.name}
                checked={settings.printer === printer.name}
                onChange={() => updateSettings({ printer: printer.name })}
              />
              <span className="station-printer__name">{printer.name}</span>
              {printer.isDefault && <span className="badge">default</span>}
              <span className="station-printer__state">{stateText(printer)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <button type="button" className="button button--secondary button--small" onClick={reload}>
        Refresh printers
      </button>

      <h2 className="station-subtitle">Start on the first sheet</h2>
      <p className="page__lead">
        For a partly used sheet: labels before this one stay blank. Later sheets start at label 1.
      </p>
      <div className="station-row">
        <TextField
          label="Start column"
          type="number"
          min={1}
          max={defaultTemplate.columns}
          value={settings.startColumn}
          onChange={(e) => setStart({ column: e.target.value })}
        />
        <TextField
          label="Start row"
          type="number"
          min={1}
          max={defaultTemplate.rows}
          value={settings.startRow}
          onChange={(e) => setStart({ row: e.target.value })}
        />
      </div>

      <h2 className="station-subtitle">Print a set by id</h2>
      <p className="page__lead">
        Reprints are allowed; only an unprinted top-level set is marked printed, after the job completes.
      </p>
      <form className="station-row" onSubmit={(event) => void printSet(event)}>
        <TextField label="Set id" required value={setId} onChange={(e) => setSetId(e.target.value)} />
        <button type="submit" className="button button--primary" disabled={busy || !settings.printer}>
          {busy ? 'Printing...' : 'Print set'}
        </button>
      </form>
    </section>
  );
}
