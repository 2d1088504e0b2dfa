import { useId, useState } from 'react';
import { rowsPerSetOptions, splitChildLabel, splitPreview } from '@homing/label-layout';
import type { QrCodeSetSummary } from '@homing/shared';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { setDisplayName } from './SetRow';

interface SplitDialogProps {
  set: QrCodeSetSummary;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onSplit(rowsPerSet: number): void;
}

/** Split dialog: rows per set (1 … half the rows) and a preview of the children. */
export function SplitDialog({ set, busy, error, onCancel, onSplit }: SplitDialogProps) {
  const options = rowsPerSetOptions(set.codeCount);
  const [rowsPerSet, setRowsPerSet] = useState(options[0] ?? 0);
  const selectId = useId();
  const preview = rowsPerSet > 0 ? splitPreview(set.codeCount, rowsPerSet) : null;
  const name = setDisplayName(set);
  return (
    <Dialog
      open
      onClose={onCancel}
      title="Split QR Code Set"
      size="medium"
      footer={
        <DialogActions
          onCancel={onCancel}
          onConfirm={() => onSplit(rowsPerSet)}
          confirmLabel="Split Set"
          busyLabel="Splitting..."
          busy={busy}
          disabled={!preview}
        />
      }
    >
      <div className="split-set">
        <p className="split-set__name">{name}</p>
        <p className="split-set__grid">
          {set.codeCount} codes in {set.rows} rows × {set.columns} columns
        </p>
        <div className="field">
          <label htmlFor={selectId} className="field__label">
            Rows per set
          </label>
          <select
            id={selectId}
            className="field__input"
            value={rowsPerSet}
            onChange={(event) => setRowsPerSet(Number(event.target.value))}
          >
            {options.map((n) => (
              <option key={n} value={n}>
                {n} row(s) per set
              </option>
            ))}
          </select>
        </div>
        {preview && (
          <div className="split-set__preview">
            <h3 className="split-set__preview-title">Preview ({preview.length} sets will be created)</h3>
            <ul>
              {preview.map((child) => (
                <li key={child.index}>
                  <span>{splitChildLabel(set.name, child)}</span>
                  <span className="split-set__count">{child.codeCount} codes</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {options.length === 0 && <p className="field__hint">This set has too few rows to split.</p>}
      </div>
      {error && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
