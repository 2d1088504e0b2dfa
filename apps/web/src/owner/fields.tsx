import { useId, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { ItemType } from '@homing/shared';

/** Item Type: one option per type, its icon then its display name (PRODUCT.md, Screens). */
export function ItemTypeSelect({
  itemTypes,
  error,
  ...select
}: { itemTypes: ItemType[]; error?: string | null } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        Item Type
      </label>
      <select
        {...select}
        id={id}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {itemTypes.map((type) => (
          <option key={type.id} value={type.id}>
            {`${type.icon} ${type.displayName}`}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled multi-line input, styled like TextField. */
export function TextAreaField({
  label,
  labelNote,
  error,
  ...textarea
}: { label: string; labelNote?: string; error?: string | null } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
>) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {labelNote && <span className="field__note"> {labelNote}</span>}
      </label>
      <textarea
        {...textarea}
        id={id}
        className="field__input field__textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
