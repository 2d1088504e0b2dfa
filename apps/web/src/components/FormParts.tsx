import type { ReactNode } from 'react';

/**
 * A form's main button: disabled, marked busy and reading "Please wait..." while its request runs.
 * `onClick` makes it a plain button (a page whose one action is the button).
 */
export function BusyButton({
  busy,
  block = true,
  onClick,
  children,
}: {
  busy: boolean;
  block?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type={onClick ? 'button' : 'submit'}
      className={`button button--primary${block ? ' button--block' : ''}`}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? 'Please wait...' : children}
    </button>
  );
}

/** A form's error, announced to screen readers as it appears; nothing while there is none. */
export function FormError({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="form-message form-message--error" role="alert">
      {children}
    </p>
  );
}
