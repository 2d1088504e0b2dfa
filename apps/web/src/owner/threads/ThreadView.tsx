import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { THREAD_MESSAGE_MAX, type OwnerThread } from '@homing/shared';
import { useAuth } from '../../auth/authContext';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { ThreadStateBadge } from '../dashboard/ActivityEntries';
import { LiveBadge } from '../dashboard/LiveBadge';
import type { SseEvent } from '../dashboard/sse';
import { useOwnerEvents } from '../dashboard/useOwnerEvents';
import { formatDateTime } from '../format';
import { ownerApi } from '../ownerApi';
import '../owner.css';
import '../dashboard/DashboardView.css';
import './ThreadView.css';

type Loaded =
  { kind: 'loading' } | { kind: 'missing' } | { kind: 'error' } | { kind: 'ready'; thread: OwnerThread };

const mapLink = (lat: number, lon: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;

/** The position once, or null (refused, unavailable, 10 s). */
const locate = () =>
  new Promise<GeolocationCoordinates | null>((resolve) => {
    if (!navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve(p.coords),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  });

/**
 * The owner's conversation with a finder (/reports/:id): the messages (text, never markup), a
 * reply box with "share my location", and Close / Block. Opening it is what the finder sees as
 * "Read by the owner"; new messages arrive live. The finder's e-mail and phone never appear.
 */
export function ThreadView({ reportId }: { reportId: string }) {
  const { isAuthenticated, sessionToken } = useAuth();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<null | 'send' | 'locate' | 'close'>(null);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [confirm, setConfirm] = useState<null | 'close' | 'block'>(null);
  const textId = useId();
  const composer = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!isAuthenticated) return;
    let cancelled = false;
    void ownerApi.thread(reportId).then((r) => {
      if (cancelled) return;
      if (r.success && r.data) setState({ kind: 'ready', thread: r.data });
      else setState({ kind: r.status === 404 ? 'missing' : 'error' });
    });
    return () => {
      cancelled = true;
    };
  }, [isAuthenticated, reportId, attempt]);

  const onLive = useCallback(
    (event: SseEvent) => {
      if (event.event !== 'thread_changed') return;
      try {
        const data = JSON.parse(event.data) as { reportId?: string; reason?: string };
        if (data.reportId !== reportId) return;
        if (data.reason === 'finder_message') setAnnounce('The finder sent a new message.');
        if (data.reason === 'finder_message' || data.reason === 'closed') setAttempt((n) => n + 1);
      } catch {
        // A malformed event changes nothing.
      }
    },
    [reportId],
  );
  const live = useOwnerEvents(isAuthenticated ? sessionToken : null, onLive, () => setAttempt((n) => n + 1));

  const send = async (body: { text: string; latitude?: number; longitude?: number }) => {
    setError(null);
    const r = await ownerApi.reply(reportId, body);
    setBusy(null);
    if (r.success && r.data) {
      setText('');
      setState({ kind: 'ready', thread: r.data.thread });
      setAnnounce('Reply sent.');
      // Back to the composer for the next message (the button that sent it was disabled meanwhile).
      requestAnimationFrame(() => composer.current?.focus());
      return;
    }
    if (r.status === 409) setAttempt((n) => n + 1);
    setError(r.error || 'Your reply could not be sent. Please try again.');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) return setError('Please write a reply.');
    setBusy('send');
    void send({ text });
  };

  const shareLocation = async () => {
    if (busy) return;
    setBusy('locate');
    const coords = await locate();
    if (!coords) {
      setBusy(null);
      return setError('Your location could not be found. You can describe the place instead.');
    }
    await send({ text: text.trim(), latitude: coords.latitude, longitude: coords.longitude });
  };

  const close = async (block: boolean) => {
    setBusy('close');
    const r = await ownerApi.closeThread(reportId, block);
    setBusy(null);
    setConfirm(null);
    if (r.success && r.data) {
      setState({ kind: 'ready', thread: r.data });
      setAnnounce(block ? 'Conversation closed and sender blocked.' : 'Conversation closed.');
    } else setError(r.error || 'The conversation could not be closed. Please try again.');
  };

  let body;
  if (!isAuthenticated) body = <EmptyState title="Please log in to view your dashboard" />;
  else if (state.kind === 'loading') body = <LoadingState label="Loading the conversation..." />;
  else if (state.kind === 'missing') body = <EmptyState title="Conversation not found" />;
  else if (state.kind === 'error')
    body = (
      <ErrorState
        message="Failed to load the conversation"
        onRetry={() => {
          setState({ kind: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  else {
    const { thread } = state;
    body = (
      <>
        <div className="owner-head">
          <h1 id="page-title" className="page__title">
            {thread.item.name}
          </h1>
          <ThreadStateBadge state={thread.state} />
          <LiveBadge status={live} />
          <p className="owner-head__lead">
            Your conversation with the finder. They never see your e-mail or phone, and you never see theirs,
            unless one of you writes it in a message.
          </p>
        </div>
        <section className="dash-card owner-card" aria-labelledby="thread-messages">
          <h2 id="thread-messages" className="visually-hidden">
            Messages
          </h2>
          <ol className="thread-list">
            {thread.messages.map((m) => (
              <li
                key={m.id}
                className={`thread-msg thread-msg--${m.from === 'owner' ? 'mine' : 'theirs'}`}
                data-from={m.from}
              >
                <p className="thread-msg__meta">
                  <span>{m.from === 'owner' ? 'You' : 'Finder'}</span> ·{' '}
                  <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
                </p>
                {m.text && <p className="thread-msg__text">{m.text}</p>}
                {m.latitude !== null && m.longitude !== null && (
                  <a href={mapLink(m.latitude, m.longitude)} target="_blank" rel="noreferrer noopener">
                    Shared location (map)
                  </a>
                )}
              </li>
            ))}
          </ol>
          <p className="visually-hidden" aria-live="polite">
            {announce}
          </p>
        </section>

        {thread.open ? (
          <form className="dash-card owner-card thread-form" onSubmit={onSubmit} noValidate>
            <label className="field__label" htmlFor={textId}>
              Reply to the finder
            </label>
            <textarea
              id={textId}
              className="field__input"
              rows={3}
              maxLength={THREAD_MESSAGE_MAX}
              value={text}
              ref={composer}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                // Ctrl+Enter (⌘+Enter on a Mac) sends, as in most chat apps.
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
              aria-describedby={error ? `${textId}-hint ${textId}-error` : `${textId}-hint`}
              aria-invalid={error ? true : undefined}
            />
            <p id={`${textId}-hint`} className="field__hint">
              Ctrl+Enter sends.
            </p>
            {!thread.finderNotified && (
              <p className="field__hint">
                The finder left no e-mail or number: they see your reply when they open their conversation
                page.
              </p>
            )}
            {error && (
              <p id={`${textId}-error`} className="field__error" role="alert">
                {error}
              </p>
            )}
            <div className="thread-form__actions">
              <button
                type="submit"
                className="button button--primary"
                disabled={!!busy}
                aria-busy={busy === 'send'}
              >
                {busy === 'send' ? 'Sending...' : 'Send reply'}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void shareLocation()}
                disabled={!!busy}
              >
                {busy === 'locate' ? 'Finding your location...' : 'Share my location'}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirm('close')}
                disabled={!!busy}
              >
                Close conversation
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirm('block')}
                disabled={!!busy}
              >
                Block sender
              </button>
            </div>
          </form>
        ) : (
          <p className="notice" role="status">
            {thread.recovered
              ? 'The item is marked recovered: this conversation is read-only.'
              : thread.blocked
                ? 'This conversation is closed and its sender is blocked.'
                : 'This conversation is closed.'}
          </p>
        )}
        <ConfirmDialog
          open={confirm !== null}
          title={confirm === 'block' ? 'Block this sender?' : 'Close this conversation?'}
          message={
            confirm === 'block'
              ? 'The conversation closes, and this sender can no longer write to you about any of your items.'
              : 'Neither of you can write in it any more. You can still read it.'
          }
          confirmLabel={confirm === 'block' ? 'Block sender' : 'Close conversation'}
          busyLabel="Saving..."
          busy={busy === 'close'}
          tone="danger"
          onConfirm={() => void close(confirm === 'block')}
          onCancel={() => setConfirm(null)}
        />
      </>
    );
  }

  return (
    <>
      <p className="activity-back">
        <Link to="/reports">← Found Reports</Link>
      </p>
      {body}
    </>
  );
}
