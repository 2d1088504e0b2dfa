import type { RefObject } from 'react';

export interface DialogActionsProps {
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  /** Shown on the confirm button while busy; the button is disabled meanwhile. */
  busyLabel: string;
  busy?: boolean;
  /** Disables confirming (nothing chosen yet) without showing the busy label. */
  disabled?: boolean;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  cancelRef?: RefObject<HTMLButtonElement | null>;
}

/** The footer of a dialog that asks for one action: Cancel, then the action (busy while it runs). */
export function DialogActions({
  onCancel,
  onConfirm,
  confirmLabel,
  busyLabel,
  busy = false,
  disabled = false,
  cancelLabel = 'Cancel',
  tone = 'primary',
  cancelRef,
}: DialogActionsProps) {
  return (
    <>
      <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type="button"
        className={`button button--${tone}`}
        onClick={onConfirm}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
    </>
  );
}
