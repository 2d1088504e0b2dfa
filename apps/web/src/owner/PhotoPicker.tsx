import { useEffect, useId, useRef, useState } from 'react';
import './PhotoPicker.css';

export const PHOTO_HINT = 'JPG, PNG up to 5MB';

/** A data URL preview of a picked file (no object URL to revoke, so nothing leaks or breaks). */
export function useFilePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let cancelled = false;
    const reader = new FileReader();
    reader.onload = () => {
      if (!cancelled && typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      cancelled = true;
      reader.abort();
    };
  }, [file]);
  return preview && preview.file === file ? preview.url : null;
}

export interface PhotoPickerProps {
  label?: string;
  /** The picked file's preview or the item's current photo. */
  previewUrl: string | null;
  onPick: (file: File) => void;
  onRemove?: () => void;
  busy?: boolean;
  busyLabel?: string;
  disabled?: boolean;
}

/** Click to pick an image (image/*), with a preview and the spec's hint. Checks are the server's. */
export function PhotoPicker({
  label = 'Photo',
  previewUrl,
  onPick,
  onRemove,
  busy = false,
  busyLabel = 'Uploading photo...',
  disabled = false,
}: PhotoPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field photo-picker">
      <span className="field__label" id={`${id}-label`}>
        {label} <span className="field__note">(optional)</span>
      </span>
      <button
        type="button"
        className={`photo-picker__target${previewUrl ? ' has-photo' : ''}`}
        onClick={() => inputRef.current?.click()}
        disabled={disabled || busy}
        aria-labelledby={`${id}-label ${id}-action`}
        aria-describedby={hintId}
        aria-busy={busy || undefined}
      >
        {previewUrl ? (
          <img className="photo-picker__preview" src={previewUrl} alt="Selected photo preview" />
        ) : (
          <svg className="photo-picker__icon" viewBox="0 0 24 24" aria-hidden="true">
            <rect
              x="3"
              y="5"
              width="18"
              height="14"
              rx="2.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
            <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M8 5l1.2-2h5.6L16 5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          </svg>
        )}
        <span className="photo-picker__action" id={`${id}-action`}>
          {busy ? busyLabel : previewUrl ? 'Click to change photo' : 'Click to add a photo'}
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
      <div className="photo-picker__meta">
        <p id={hintId} className="field__hint">
          {PHOTO_HINT}
        </p>
        {previewUrl && onRemove && (
          <button
            type="button"
            className="link-button photo-picker__remove"
            onClick={onRemove}
            disabled={busy}
          >
            Remove photo
          </button>
        )}
      </div>
    </div>
  );
}
