import { minutesOfClock, quietUntil, type NotificationPreferences } from '@homing/shared';
import { useCallback, useEffect, useRef } from 'react';
import { settingsApi } from '../settings/settingsApi';
import { liveEntry } from './dashboardState';
import type { SseEvent } from './sse';

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

/** Shows a finder's report as a system notification while the dashboard is open in the background. */
export function useBrowserNotifications(enabled: boolean) {
  const prefs = useRef<NotificationPreferences | null>(null);
  useEffect(() => {
    if (!enabled || typeof Notification === 'undefined') return;
    let cancelled = false;
    void settingsApi.preferences().then((r) => {
      if (!cancelled && r.success) prefs.current = r.data;
    });
    return () => {
      cancelled = true;
    };
  }, [enabled]);

  return useCallback((event: SseEvent) => {
    if (typeof Notification === 'undefined') return;
    const live = liveEntry(event);
    if (live?.type !== 'found_report') return;
    const ok = mayNotify(prefs.current, {
      permission: Notification.permission,
      hidden: document.visibilityState === 'hidden',
      now: new Date(),
    });
    if (ok)
      new Notification(`Someone found your ${live.entry.item.name}`, {
        body: live.entry.message,
        tag: live.entry.id,
      });
  }, []);
}
