import type { ReactNode } from 'react';
import type { Failure } from './failure';
import './owner.css';

/** A failure in an error box: the spec's text, then the server's reason when there is one. */
export function FailureNotice({ failure, className }: { failure: Failure | null; className?: string }) {
  if (!failure) return null;
  return (
    <div className={`notice notice--error${className ? ` ${className}` : ''}`} role="alert">
      <p className="notice__text">{failure.message}</p>
      {failure.detail && <p className="notice__detail">{failure.detail}</p>}
    </div>
  );
}

/** A calm confirmation, optionally dismissible. */
export function SuccessNotice({ children, onDismiss }: { children: ReactNode; onDismiss?: () => void }) {
  return (
    <div className="notice notice--success" role="status">
      <p className="notice__text">{children}</p>
      {onDismiss && (
        <button type="button" className="notice__dismiss" aria-label="Dismiss" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
