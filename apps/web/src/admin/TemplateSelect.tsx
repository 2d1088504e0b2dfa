import type { PrintTemplate } from '@homing/shared';

/** "name - description (N labels)", as the template dropdowns read. */
const templateOptionText = (t: PrintTemplate) => `${t.name} - ${t.description} (${t.labelsPerSheet} labels)`;

interface TemplateSelectProps {
  id: string;
  templates: readonly PrintTemplate[];
  value: string | null;
  onChange: (templateId: string) => void;
}

/** The Template dropdown of the Create Set dialog and the print page. */
export function TemplateSelect({ id, templates, value, onChange }: TemplateSelectProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Template
      </label>
      <select
        id={id}
        className="field__input"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {templateOptionText(t)}
          </option>
        ))}
      </select>
    </div>
  );
}
