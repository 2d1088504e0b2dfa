import { useEffect, useId, useState } from 'react';
import type { StartPosition } from '@homing/label-layout';
import { TextField } from '../../components/TextField';
import type { AdminApi, SavedPrintPreset } from '../adminApi';
import { errorText } from '../adminApi';
import { usePrintPort } from '../printing/PrintPort';

interface PresetsPanelProps {
  admin: Pick<AdminApi, 'presets' | 'savePreset' | 'deletePreset'>;
  /** What the screen has chosen now: saved with the preset. */
  templateId: string | null;
  start: StartPosition;
  onApply(preset: SavedPrintPreset): void;
}

type Message = { tone: 'error' | 'success'; text: string } | null;

const offsetText = (mm: number) => `${mm < 0 ? '-' : '+'}${Math.abs(mm).toFixed(2)} mm`;

/**
 * Print presets (PRODUCT.md, Printing): pick one to set the template and the start, or save what is
 * chosen now, with a printer and a number of copies, under a name. A preset holds no offsets:
 * calibration belongs to one physical printer and stays on its station. On the print station (its
 * port's `presets`) picking one also switches the station's printer and its start, the form starts
 * from the station's own, and the printer's calibration on this station is shown beside the
 * preset, unchanged by choosing it; the browser's print dialog has neither.
 */
export function PresetsPanel({ admin, templateId, start, onApply }: PresetsPanelProps) {
  const [presets, setPresets] = useState<SavedPrintPreset[]>([]);
  const [chosen, setChosen] = useState('');
  const [form, setForm] = useState({ name: '', printer: '', copies: '1' });
  const [message, setMessage] = useState<Message>(null);
  const [forbidden, setForbidden] = useState(false);
  const [calibration, setCalibration] = useState<{ printer: string; xMm: number; yMm: number } | null>(null);
  const selectId = useId();
  const station = usePrintPort().presets;

  // On a station the form starts from its printer (and saves its start).
  useEffect(() => {
    let live = true;
    void station?.current().then((now) => {
      if (live && now) setForm((f) => ({ ...f, printer: now.printer }));
    });
    return () => {
      live = false;
    };
  }, [station]);

  // Beside the preset: the printer's calibration on this station, read only.
  const printerName = form.printer.trim();
  useEffect(() => {
    let live = true;
    if (!station || !printerName) return;
    void station.calibration(printerName).then(
      (offsets) => live && setCalibration({ printer: printerName, ...offsets }),
      () => live && setCalibration(null),
    );
    return () => {
      live = false;
    };
  }, [station, printerName]);

  // Bumped after a save or a delete: the list is read again.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void admin.presets().then((result) => {
      if (!live) return;
      if (result.success) setPresets(result.data.presets);
      // A signed-in non-admin may open the page (spec); presets are admins' only, and the page's own
      // action already says "Admin access required": no second error.
      else if (result.status === 403) setForbidden(true);
      else setMessage({ tone: 'error', text: errorText(result, 'Failed to load presets') });
    });
    return () => {
      live = false;
    };
  }, [admin, version]);

  async function save() {
    if (!templateId) return;
    const stationStart = await station?.current();
    const result = await admin.savePreset({
      name: form.name,
      templateId,
      printer: form.printer,
      startColumn: stationStart?.startColumn ?? start.column,
      startRow: stationStart?.startRow ?? start.row,
      copies: Number(form.copies),
    });
    if (!result.success)
      return setMessage({ tone: 'error', text: errorText(result, 'Failed to save the preset') });
    setMessage({ tone: 'success', text: `Saved preset ${result.data.preset.name}.` });
    setChosen(result.data.preset.id);
    setVersion((v) => v + 1);
  }

  async function apply(preset: SavedPrintPreset) {
    onApply(preset);
    setForm({ name: preset.name, printer: preset.printer, copies: String(preset.copies) });
    setMessage(null);
    if (!station) return;
    try {
      await station.apply(preset);
      setMessage({ tone: 'success', text: `Printing on ${preset.printer} with preset ${preset.name}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  }

  async function remove() {
    const preset = presets.find((p) => p.id === chosen);
    if (!preset) return;
    const result = await admin.deletePreset(preset.id);
    if (!result.success)
      return setMessage({ tone: 'error', text: errorText(result, 'Failed to delete the preset') });
    setMessage({ tone: 'success', text: `Deleted preset ${preset.name}.` });
    setChosen('');
    setVersion((v) => v + 1);
  }

  if (forbidden) return null;
  return (
    <fieldset className="print-form__presets">
      <legend className="field__label">Presets</legend>
      <div className="field">
        <label htmlFor={selectId} className="field__label">
          Preset
        </label>
        <select
          id={selectId}
          className="field__input"
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value);
            const preset = presets.find((p) => p.id === event.target.value);
            if (preset) void apply(preset);
          }}
        >
          <option value="">No preset</option>
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {`${p.name} - ${p.templateId} on ${p.printer}${p.copies > 1 ? `, ${p.copies} copies` : ''}`}
            </option>
          ))}
        </select>
        {chosen && (
          <button type="button" className="button" onClick={() => void remove()}>
            Delete preset
          </button>
        )}
      </div>
      <div className="print-form__row">
        <TextField
          label="Preset name"
          value={form.name}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextField
          label="Printer"
          value={form.printer}
          onChange={(event) => setForm({ ...form, printer: event.target.value })}
        />
        <TextField
          label="Copies"
          inputMode="numeric"
          value={form.copies}
          onChange={(event) => setForm({ ...form, copies: event.target.value })}
        />
      </div>
      {calibration && station && calibration.printer === printerName && (
        <p className="field__hint" data-testid="preset-calibration">
          {`Calibration of ${calibration.printer} on this station: x ${offsetText(calibration.xMm)}, ` +
            `y ${offsetText(calibration.yMm)} (the printer's own; a preset never changes it)`}
        </p>
      )}
      <button type="button" className="button" disabled={!templateId} onClick={() => void save()}>
        Save as preset
      </button>
      {message && (
        <p
          className={`form-message form-message--${message.tone}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </fieldset>
  );
}
