import { getTemplate } from '@homing/label-layout';
import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { LoadingState } from '../../components/StateViews';
import { TextField } from '../../components/TextField';
import { TemplateSelect } from '../TemplateSelect';
import { useTemplates } from '../useTemplates';
import type { AdminApi } from '../adminApi';

interface CreateSetDialogProps {
  admin: AdminApi;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  /** `count` only for a roll template: the number of labels the admin chose. */
  onCreate(templateId: string, count?: number): void;
}

const ROLL_DEFAULT = 80;
const ROLL_MAX = 500;

/** Create Set dialog: choose a template, see what one set holds, create it. */
export function CreateSetDialog({ admin, busy, error, onCancel, onCreate }: CreateSetDialogProps) {
  const { templates, loading, error: loadError, defaultId } = useTemplates(admin);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const templateId = chosen ?? defaultId;
  const template = templates.find((t) => t.id === templateId) ?? null;
  // A roll template's set is N labels, the admin's choice (PRODUCT.md, Printing); a sheet's is one sheet.
  const isRoll = template ? getTemplate(template.id)?.medium === 'roll' : false;
  const [countText, setCountText] = useState(String(ROLL_DEFAULT));
  const count = Number(countText);
  const countValid = /^\d+$/.test(countText.trim()) && count >= 1 && count <= ROLL_MAX;
  return (
    <Dialog
      open
      onClose={onCancel}
      title="Create QR Code Set"
      size="medium"
      footer={
        <DialogActions
          onCancel={onCancel}
          onConfirm={() =>
            template && (isRoll ? countValid && onCreate(template.id, count) : onCreate(template.id))
          }
          confirmLabel="Create Set"
          busyLabel="Creating..."
          busy={busy}
          disabled={!template || (isRoll && !countValid)}
        />
      }
    >
      {loading ? (
        <LoadingState label="Loading templates..." />
      ) : loadError ? (
        <p className="form-message form-message--error" role="alert">
          {loadError}
        </p>
      ) : (
        <div className="create-set">
          <TemplateSelect
            id={selectId}
            templates={templates}
            value={templateId}
            onChange={(id) => setChosen(id || null)}
          />
          {isRoll && (
            <TextField
              label="Number of labels"
              type="number"
              inputMode="numeric"
              min={1}
              max={ROLL_MAX}
              value={countText}
              onChange={(event) => setCountText(event.target.value)}
              hint="A roll prints one label per page."
              error={countValid ? null : `Enter a whole number from 1 to ${ROLL_MAX}`}
            />
          )}
          {template && (
            <dl className="create-set__preview" aria-label="Preview">
              <dt>Template</dt>
              <dd>{template.name}</dd>
              <dt>Description</dt>
              <dd>{template.description}</dd>
              <dt>QR codes per set</dt>
              <dd>{isRoll ? (countValid ? count : '-') : template.labelsPerSheet}</dd>
            </dl>
          )}
        </div>
      )}
      {error && (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
