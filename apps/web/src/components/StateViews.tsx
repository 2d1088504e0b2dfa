import type { ReactNode } from 'react';
import './StateViews.css';

export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' | 'large' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}

/** A calm, centred wait with an announced label. */
export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <Spinner size="large" />
      <p className="state__text">{label}</p>
    </div>
  );
}

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {children && <div className="state__text">{children}</div>}
      {action && <div className="state__action">{action}</div>}
    </div>
  );
}

export function ErrorState({
  message,
  onRetry,
  retryLabel = 'Retry',
}: {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="state state--error" role="alert">
      <p className="state__text">{message}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
