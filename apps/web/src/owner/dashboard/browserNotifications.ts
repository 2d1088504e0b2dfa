import { minutesOfClock, quietUntil, type NotificationPreferences } from '@homing/shared';
import { useEffect, useRef } from 'react';
import { settingsApi } from '../settings/settingsApi';

/**
 * Whether a live event may become a system notification: the owner keeps browser notifications on,
 * this browser allows them, the page is not in view (the dashboard shows it already), and it is
 * not quiet hours (unless urgent and the owner lets urgent ones through) — the worker's rules.
 */
export function mayNotify(
  prefs: NotificationPreferences | null,
  opts: { permission: string; hidden: boolean; now: Date; urgent?: boolean },
): boolean {
  if (!prefs?.browser || opts.permission !== 'granted' || !opts.hidden) return false;
  const q = prefs.quietHours;
  const quiet = quietUntil(
    {
      enabled: q.enabled,
      startMinute: minutesOfClock(q.start),
      endMinute: minutesOfClock(q.end),
      timeZone: q.timeZone,
    },
    opts.now,
  );
  return !quiet || (opts.urgent === true && prefs.urgentBreaksThrough);
}

/**
 * The owner's notification preferences, loaded once signed in, for `mayNotify` (the worker's
 * rules, applied in the browser); null until loaded or when signed out.
 */
export function useNotificationPreferences(enabled: boolean) {
  const prefs = useRef<NotificationPreferences | null>(null);
  useEffect(() => {
    prefs.current = null;
    if (!enabled || typeof Notification === 'undefined') return;
    let cancelled = false;
    void settingsApi.preferences().then((r) => {
      if (!cancelled && r.success) prefs.current = r.data;
    });
    return () => {
      cancelled = true;
    };
  }, [enabled]);
  return prefs;
}
