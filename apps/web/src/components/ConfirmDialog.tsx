import { useRef } from 'react';
import { Dialog } from './Dialog';
import { DialogActions } from './DialogActions';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Label of the confirm button while busy. */
  busyLabel?: string;
  busy?: boolean;
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
  /** Cancel, Escape, × and the backdrop all call this. */
  onCancel: () => void;
}

/** A yes/no question. Focus starts on Cancel so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  busyLabel = 'Please wait...',
  busy = false,
  tone = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      role="alertdialog"
      initialFocusRef={cancelRef}
      showClose={false}
      footer={
        <DialogActions
          onCancel={onCancel}
          onConfirm={onConfirm}
          cancelLabel={cancelLabel}
          cancelRef={cancelRef}
          confirmLabel={confirmLabel}
          busyLabel={busyLabel}
          busy={busy}
          tone={tone}
        />
      }
    />
  );
}
