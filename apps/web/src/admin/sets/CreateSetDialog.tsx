import { useId, useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/DialogActions';
import { LoadingState } from '../../components/StateViews';
import { TemplateSelect } from '../TemplateSelect';
import { useTemplates } from '../useTemplates';
import type { AdminApi } from '../adminApi';

interface CreateSetDialogProps {
  admin: AdminApi;
  busy: boolean;
  error: string | null;
  onCancel(): void;
  onCreate(templateId: string): void;
}

/** Spec section 2, Create Set dialog: choose a template, see what one set holds, create it. */
export function CreateSetDialog({ admin, busy, error, onCancel, onCreate }: CreateSetDialogProps) {
  const { templates, loading, error: loadError, defaultId } = useTemplates(admin);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const templateId = chosen ?? defaultId;
  const template = templates.find((t) => t.id === templateId) ?? null;
  return (
    <Dialog
      open
      onClose={onCancel}
      title="Create QR Code Set"
      size="medium"
      footer={
        <DialogActions
          onCancel={onCancel}
          onConfirm={() => template && onCreate(template.id)}
          confirmLabel="Create Set"
          busyLabel="Creating..."
          busy={busy}
          disabled={!template}
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
          {template && (
            <dl className="create-set__preview" aria-label="Preview">
              <dt>Template</dt>
              <dd>{template.name}</dd>
              <dt>Description</dt>
              <dd>{template.description}</dd>
              <dt>QR codes per set</dt>
              <dd>{template.labelsPerSheet}</dd>
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
