import type { PrintTemplate } from '@homing/shared';

/** "name - description (N labels)", as the template dropdowns read. */
const templateOptionText = (t: PrintTemplate) => `${t.name} - ${t.description} (${t.labelsPerSheet} labels)`;

interface TemplateSelectProps {
  id: string;
  templates: readonly PrintTemplate[];
  value: string | null;
  onChange: (templateId: string) => void;
}

/** What an admin should know of a label before printing on it, from the template's data. */
export function templateNotes(t: PrintTemplate | undefined): string[] {
  if (!t) return [];
  return [
    ...(t.qrReadNote
      ? [`Phones read this label's QR code only from closer than the others. ${t.qrReadNote}`]
      : []),
    ...(t.noSmsLine ? [`This label cannot carry the SMS number: ${t.noSmsLine}.`] : []),
  ];
}

/** The Template dropdown of the Create Set dialog and the print page, with the chosen label's notes. */
export function TemplateSelect({ id, templates, value, onChange }: TemplateSelectProps) {
  const notes = templateNotes(templates.find((t) => t.id === value));
  const notesId = `${id}-notes`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Template
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        aria-describedby={notes.length > 0 ? notesId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {templateOptionText(t)}
          </option>
        ))}
      </select>
      {notes.length > 0 && (
        <div id={notesId} className="field__hint">
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </div>
      )}
    </div>
  );
}
