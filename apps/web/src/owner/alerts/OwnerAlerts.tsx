import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../auth/authContext';
import { mayNotify, useNotificationPreferences } from '../dashboard/browserNotifications';
import { useOwnerEvents } from '../dashboard/useOwnerEvents';
import type { SseEvent } from '../dashboard/sse';
import { alertFor, type OwnerAlert } from './alertText';
import './OwnerAlerts.css';

const AlertCount = createContext(0);

/** How many finder messages arrived that the owner has not looked at yet (0 when signed out). */
export const useOwnerAlertCount = () => useContext(AlertCount);

/** Where the owner reads finder messages: arriving there clears the count. */
const READING = /^\/(dashboard|reports)(\/|$)/i;

const notificationsSupported = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * The signed-in owner's alerts on every screen: a new finder report or message, or a scan of a
 * lost item, shows a toast,
 * counts in the page title and the header, is announced to screen readers (aria-live), and
 * becomes a browser notification when the tab is hidden and the owner allowed them.
 */
export function OwnerAlertsProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated, sessionToken } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [count, setCount] = useState(0);
  const [toast, setToast] = useState<OwnerAlert | null>(null);
  const prefs = useNotificationPreferences(isAuthenticated);
  const path = useRef(pathname);
  useEffect(() => {
    path.current = pathname;
  }, [pathname]);
  // Arriving on a reading screen, or signing in or out, clears the count (state adjusted in render).
  const [seen, setSeen] = useState({ pathname, isAuthenticated });
  if (seen.pathname !== pathname || seen.isAuthenticated !== isAuthenticated) {
    setSeen({ pathname, isAuthenticated });
    if (READING.test(pathname) || seen.isAuthenticated !== isAuthenticated) setCount(0);
  }
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 10_000);
    return () => clearTimeout(timer);
  }, [toast]);

  const onEvent = useCallback(
    (event: SseEvent) => {
      const alert = alertFor(event);
      if (!alert) return;
      // The conversation on screen shows (and announces) its own news.
      const watching =
        alert.reportId !== null &&
        path.current === `/reports/${alert.reportId}` &&
        document.visibilityState === 'visible';
      if (watching) return;
      if (!(READING.test(path.current) && document.visibilityState === 'visible')) setCount((n) => n + 1);
      setToast(alert);
      // A system notification only as the owner chose: browser channel on, outside quiet hours
      // (urgent alerts may break through), and only for a hidden tab.
      if (
        notificationsSupported() &&
        mayNotify(prefs.current, {
          permission: Notification.permission,
          hidden: document.visibilityState !== 'visible',
          now: new Date(),
          urgent: alert.urgent,
        })
      ) {
        const n = new Notification(alert.text, { tag: alert.tag });
        n.onclick = () => {
          window.focus();
          if (alert.link.external) window.open(alert.link.href, '_blank', 'noopener');
          else void navigate(alert.link.href);
          n.close();
        };
      }
    },
    [navigate, prefs],
  );
  useOwnerEvents(isAuthenticated ? sessionToken : null, onEvent);

  // Back in a tab that was hidden: on a reading screen, the count is seen.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && READING.test(path.current)) setCount(0);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return (
    <AlertCount.Provider value={isAuthenticated ? count : 0}>
      {children}
      {/* Always in the page, so screen readers announce what is put in it. */}
      <div className="owner-toast-region" aria-live="polite">
        {toast && (
          <div className="owner-toast">
            <p className="owner-toast__text">{toast.text}</p>
            {toast.link.external ? (
              <a
                className="owner-toast__link"
                href={toast.link.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => setToast(null)}
              >
                {toast.link.label}
              </a>
            ) : (
              <Link className="owner-toast__link" to={toast.link.href} onClick={() => setToast(null)}>
                {toast.link.label}
              </Link>
            )}
            <button
              type="button"
              className="owner-toast__close"
              aria-label="Dismiss"
              onClick={() => setToast(null)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )}
      </div>
    </AlertCount.Provider>
  );
}

/**
 * Asks for browser notifications, from the owner's click (browsers refuse a prompt without one);
 * hidden when unsupported, already granted or denied.
 */
export function NotificationOptIn() {
  const [permission, setPermission] = useState(() =>
    notificationsSupported() ? Notification.permission : 'denied',
  );
  if (permission !== 'default') return null;
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      Notify me in this browser
    </button>
  );
}
