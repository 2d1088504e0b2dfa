import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PrinterCalibration, ReadBackResult } from '../../shared/bridge';
import { useStation } from './stationContext';

const signed = (value: number, digits: number) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
/** An offset as the operator measures it: millimetres, and inches beside them. */
export const offsetText = (xMm: number, yMm: number) =>
  `x ${signed(xMm, 2)} mm (${signed(xMm / 25.4, 3)} in), y ${signed(yMm, 2)} mm (${signed(yMm / 25.4, 3)} in)`;

interface Problem {
  readonly kind: 'Unreadable' | 'Missing' | 'Duplicated' | 'Shifted';
  readonly column: number;
  readonly row: number;
  readonly code: string;
  readonly detail: string;
}

/** What a read-back found: how many labels read fine, each problem with its cell, the offsets. */
export function ReadBackReportView({ result }: { result: ReadBackResult }) {
  const { report, set, queued } = result;
  const problems: Problem[] = [
    ...report.unreadable.map((c) => ({
      kind: 'Unreadable' as const,
      ...c,
      code: c.value,
      detail: 'Printed, but no code could be read',
    })),
    ...report.missing.map((c) => ({
      kind: 'Missing' as const,
      ...c,
      code: c.value,
      detail: 'Nothing printed',
    })),
    ...report.duplicated.map((c) => ({
      kind: 'Duplicated' as const,
      ...c,
      code: c.value,
      detail: `Holds ${c.found} (printed twice) instead`,
    })),
    ...report.shifted.map((c) => ({
      kind: 'Shifted' as const,
      ...c,
      code: c.value,
      detail: `Off its centre by ${offsetText(c.xMm, c.yMm)}`,
    })),
  ].sort((a, b) => a.row - b.row || a.column - b.column);
  const fine = report.read.length - report.shifted.length;

  return (
    <section aria-labelledby="readback-result" className="station-readback__result">
      <h2 id="readback-result" className="station-subtitle">
        {set.name || 'Unnamed Set'}
        {report.sheet > 1 ? `, sheet ${report.sheet}` : ''}
      </h2>
      {problems.length === 0 ? (
        <p className="form-message form-message--success" role="status">
          All {set.labels} labels read back.
        </p>
      ) : (
        <>
          <p className="form-message form-message--error" role="status">
            {fine} of {set.labels} labels read back fine; {problems.length}{' '}
            {problems.length === 1 ? 'problem' : 'problems'}.
          </p>
          <div className="station-table-scroll">
            <table className="station-table" aria-label="Problems found">
              <thead>
                <tr>
                  <th scope="col">Problem</th>
                  <th scope="col">Cell</th>
                  <th scope="col">Code</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {problems.map((p) => (
                  <tr key={`${p.kind}-${p.column}-${p.row}`}>
                    <td>{p.kind}</td>
                    <td>
                      column {p.column}, row {p.row}
                    </td>
                    <td>
                      <code>{p.code}</code>
                    </td>
                    <td>{p.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {report.unexpected.length > 0 && (
        <p className="station-note">
          Also read {report.unexpected.length} {report.unexpected.length === 1 ? 'code' : 'codes'} that{' '}
          {report.unexpected.length === 1 ? 'is' : 'are'} not this sheet’s labels:{' '}
          {report.unexpected.map((s) => s.text).join(', ')}.
        </p>
      )}
      {queued && (
        <p className="station-note">
          Queued for reprint with the same codes: {queued.codes.join(', ')}, from column {queued.startColumn},
          row {queued.startRow}
          {queued.startColumn === 1 && queued.startRow === 1
            ? ' of a new sheet'
            : ' of the sheet it ended on'}
          .
        </p>
      )}
      <OffsetSummary result={result} />
    </section>
  );
}

/** The median offset of the good reads, and what the chosen printer's calibration would become. */
function OffsetSummary({ result }: { result: ReadBackResult }) {
  const { bridge, settings, setNotice } = useStation();
  const { medianOffset, perspective } = result.report;
  const printer = settings.printer;
  const [current, setCurrent] = useState<PrinterCalibration | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!printer || !medianOffset) return;
    let live = true;
    bridge.calibration.get(printer).then(
      (calibration) => live && setCurrent(calibration),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [bridge, printer, medianOffset]);

  if (perspective)
    return (
      <p className="station-note">
        A photo at an angle: offsets are measured against the other labels, not the paper’s edge. Scan the
        sheet flat to calibrate the printer from it.
      </p>
    );
  if (!medianOffset) return null;
  // Positive offsets move everything right and down: the calibration takes the error away.
  const round = (value: number) => Math.round(value * 10) / 10;
  const next = current && {
    xMm: round(current.xMm - medianOffset.xMm),
    yMm: round(current.yMm - medianOffset.yMm),
  };
  const worth = Math.hypot(medianOffset.xMm, medianOffset.yMm) >= 0.1;

  async function apply() {
    if (!printer || !next) return;
    setSaving(true);
    try {
      const saved = await bridge.calibration.set({ printer, ...next });
      setCurrent(saved);
      setNotice({ tone: 'success', text: `Saved: ${saved.printer} x ${saved.xMm} mm, y ${saved.yMm} mm.` });
    } catch (caught) {
      setNotice({ tone: 'error', text: (caught as Error).message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="station-readback__offsets">
      <p>
        Median offset of the labels read: {offsetText(medianOffset.xMm, medianOffset.yMm)}.
        {!worth && ' The printer needs no correction.'}
      </p>
      {worth && printer && next && (
        <p>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={saving}
            onClick={() => void apply()}
          >
            {saving ? 'Saving...' : `Correct ${printer}: x ${next.xMm} mm, y ${next.yMm} mm`}
          </button>{' '}
          <span className="station-note">
            (now x {current.xMm} mm, y {current.yMm} mm; if this sheet was printed on {printer}). Or enter
            offsets on <Link to="/calibration">Calibration</Link>.
          </span>
        </p>
      )}
      {worth && !printer && (
        <p className="station-note">
          Choose the printer that printed it, then correct its offsets on{' '}
          <Link to="/calibration">Calibration</Link>.
        </p>
      )}
    </div>
  );
}
