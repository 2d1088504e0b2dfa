import type { QrCodeSetSummary } from '@homing/shared';
import { ErrorState, LoadingState, TextField } from '@homing/web/admin';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import type { HistoryEntry, ReadBackResult } from '../../shared/bridge';
import { readableTemplate } from '../../core/reprintQueue';
import { ReadBackReportView } from './ReadBackReportView';
import { ReprintQueuePanel } from './ReprintQueuePanel';
import { scanPixels } from './scanPixels';
import { useStation } from './stationContext';
import { useBridgeData } from './useBridgeData';

interface Choices {
  readonly sets: QrCodeSetSummary[];
  /** The last whole set this station printed, and where its sheet started. */
  readonly last: HistoryEntry | null;
}

/**
 * Reading a printed sheet back (PRODUCT.md, Printing): the operator gives a scan or photo of one of a set's
 * sheets; main reads every label, reports what failed and queues those codes for reprint. Only
 * sets on sheet templates are offered: a roll has no page to photograph.
 */
export function ReadBackScreen() {
  const { bridge } = useStation();
  const load = useCallback(async (): Promise<Choices> => {
    const [reply, history] = await Promise.all([
      bridge.api({ method: 'GET', path: '/api/admin/qr-sets' }),
      bridge.history(200),
    ]);
    const body = JSON.parse(reply.body) as { data: QrCodeSetSummary[] | null; error: string | null };
    if (reply.status !== 200 || !body.data) throw new Error(body.error || 'Failed to load the sets');
    const last =
      history.find((entry) => entry.kind === 'labels' && entry.outcome === 'completed' && entry.start) ??
      null;
    return { sets: body.data.filter((set) => readableTemplate(set.templateId)), last };
  }, [bridge]);
  const { data, error, reload } = useBridgeData(load);
  const queue = useBridgeData(useCallback(() => bridge.reprintQueue(), [bridge]));

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        Read back a sheet
      </h1>
      <p className="station-steps">
        Scan or photograph a sheet of a printed set, square on and the whole page. The station reads every
        label, lists the ones that failed, and queues those codes to be printed again.
      </p>
      {error ? (
        <ErrorState message={error} onRetry={reload} />
      ) : !data ? (
        <LoadingState label="Loading sets..." />
      ) : data.sets.length === 0 ? (
        <p>No sets on label sheets yet: create and print one first (QR Code Sets).</p>
      ) : (
        <ReadBackForm key={data.last?.time ?? 'none'} choices={data} onRead={queue.reload} />
      )}
      <ReprintQueuePanel queue={queue.data} error={queue.error} onChanged={queue.reload} />
    </section>
  );
}

function ReadBackForm({ choices, onRead }: { choices: Choices; onRead: () => void }) {
  const { bridge } = useStation();
  const fallback = choices.sets.find((set) => set.isPrinted) ?? choices.sets[0];
  const lastSet = choices.sets.find((set) => set.id === choices.last?.setId);
  const [setId, setSetId] = useState((lastSet ?? fallback).id);
  const fromHistory = setId === choices.last?.setId ? choices.last.start : undefined;
  const [column, setColumn] = useState(String(fromHistory?.column ?? 1));
  const [row, setRow] = useState(String(fromHistory?.row ?? 1));
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<
    | { step: 'idle' }
    | { step: 'reading' }
    | { step: 'failed'; error: string }
    | { step: 'done'; result: ReadBackResult }
  >({ step: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const setFieldId = useId();
  const fileId = useId();

  function chooseSet(id: string) {
    setSetId(id);
    const start = id === choices.last?.setId ? choices.last.start : undefined;
    setColumn(String(start?.column ?? 1));
    setRow(String(start?.row ?? 1));
  }

  async function read(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setState({ step: 'failed', error: 'Choose a scan or photo of the sheet' });
      fileInput.current?.focus();
      return;
    }
    setState({ step: 'reading' });
    try {
      const scan = await scanPixels(file);
      const result = await bridge.readBack({
        setId,
        startColumn: Number(column) || 1,
        startRow: Number(row) || 1,
        scan,
      });
      setState({ step: 'done', result });
      onRead();
    } catch (caught) {
      setState({ step: 'failed', error: (caught as Error).message });
    }
  }

  const reading = state.step === 'reading';
  return (
    <>
      <form className="station-readback" onSubmit={(event) => void read(event)} aria-busy={reading}>
        <div className="field">
          <label htmlFor={setFieldId} className="field__label">
            Set
          </label>
          <select
            id={setFieldId}
            className="field__input"
            value={setId}
            onChange={(event) => chooseSet(event.target.value)}
          >
            {choices.sets.map((set) => (
              <option key={set.id} value={set.id}>
                {set.name || 'Unnamed Set'} ({set.codeCount} codes{set.isPrinted ? ', printed' : ''})
              </option>
            ))}
          </select>
          {fromHistory && (
            <p className="field__hint">
              Last printed on this station, from column {fromHistory.column}, row {fromHistory.row}.
            </p>
          )}
        </div>
        <div className="station-row">
          <TextField
            label="Printed from column"
            type="number"
            min={1}
            max={100}
            value={column}
            onChange={(e) => setColumn(e.target.value)}
          />
          <TextField
            label="Printed from row"
            type="number"
            min={1}
            max={100}
            value={row}
            onChange={(e) => setRow(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={fileId} className="field__label">
            Scan or photo of the sheet
          </label>
          <input
            ref={fileInput}
            id={fileId}
            className="field__input"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/bmp"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={reading}>
          {reading ? 'Reading...' : 'Read back'}
        </button>
      </form>
      {state.step === 'reading' && (
        <LoadingState label="Reading every label on the sheet... this takes a few seconds." />
      )}
      {state.step === 'failed' && <ErrorState message={state.error} />}
      {state.step === 'done' && <ReadBackReportView result={state.result} />}
    </>
  );
}
