import { TextField } from '@homing/web/admin';
import { useEffect, useState, type FormEvent } from 'react';
import type { PrinterCalibration } from '../../shared/bridge';
import { useStation } from './stationContext';

/** Per-printer offsets (mm), applied to every later print on that printer, and the test sheet. */
export function CalibrationScreen() {
  const { bridge, settings, setNotice } = useStation();
  const printer = settings.printer;
  const [current, setCurrent] = useState<PrinterCalibration | null>(null);
  const [x, setX] = useState('0');
  const [y, setY] = useState('0');
  const [busy, setBusy] = useState<'saving' | 'printing' | null>(null);

  useEffect(() => {
    if (!printer) return;
    bridge.calibration.get(printer).then(
      (calibration) => {
        setCurrent(calibration);
        setX(String(calibration.xMm));
        setY(String(calibration.yMm));
      },
      (e: Error) => setNotice({ tone: 'error', text: e.message }),
    );
  }, [bridge, printer, setNotice]);

  if (!printer) return <p>Choose a printer first (Printer).</p>;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy('saving');
    try {
      const saved = await bridge.calibration.set({ printer: printer!, xMm: Number(x), yMm: Number(y) });
      setCurrent(saved);
      setNotice({ tone: 'success', text: `Saved: ${saved.printer} x ${saved.xMm} mm, y ${saved.yMm} mm.` });
    } catch (caught) {
      setNotice({ tone: 'error', text: (caught as Error).message });
    } finally {
      setBusy(null);
    }
  }

  async function printSheet() {
    setBusy('printing');
    try {
      const outcome = await bridge.calibrationSheet({ printer: printer! });
      setNotice({ tone: 'success', text: `Calibration sheet printed (job ${outcome.jobId}).` });
    } catch (caught) {
      setNotice({ tone: 'error', text: (caught as Error).message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        Calibration: {printer}
      </h1>
      <ol className="station-steps">
        <li>
          Print a calibration sheet on a label sheet. Its crosshairs mark where this printer puts label
          centres.
        </li>
        <li>Measure how far the crosshairs sit from the die-cut centres, in millimetres, with the rulers.</li>
        <li>
          Enter the correction: positive x moves everything right, positive y moves it down. Print another
          sheet to check.
        </li>
      </ol>
      <form className="station-row" onSubmit={(event) => void save(event)}>
        <TextField
          label="x offset (mm)"
          type="number"
          step="0.1"
          value={x}
          onChange={(e) => setX(e.target.value)}
        />
        <TextField
          label="y offset (mm)"
          type="number"
          step="0.1"
          value={y}
          onChange={(e) => setY(e.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy !== null}>
          {busy === 'saving' ? 'Saving...' : 'Save offsets'}
        </button>
      </form>
      <p className="station-note">
        {current?.updatedAt
          ? `Last changed ${new Date(current.updatedAt).toLocaleString()}.`
          : 'Not calibrated yet (0, 0).'}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy !== null}
        onClick={() => void printSheet()}
      >
        {busy === 'printing' ? 'Printing...' : 'Print calibration sheet'}
      </button>
    </section>
  );
}
