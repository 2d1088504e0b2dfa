/**
 * How much earlier than the server's clock a visitor's time may date an event: a page that took
 * a while to send, or a phone whose clock runs a little behind.
 */
export const CLIENT_TIME_WINDOW_MS = 5 * 60 * 1000;

/**
 * The time to store for an event a visitor dates (a scan's `scannedAt`, a report's `foundAt`):
 * the visitor's time when it lies within the window before the server's clock, else the server's
 * own. Visitors write the owner's timeline, so a time from the future or from long ago (a
 * `9999-12-31` or a `1999-…`) never reaches it. Missing or unreadable times are the server's.
 */
export function clientTime(value: string | Date | null | undefined, now: Date = new Date()): Date {
  const time = value == null ? NaN : new Date(value).getTime();
  if (!Number.isFinite(time)) return now;
  return time <= now.getTime() && time >= now.getTime() - CLIENT_TIME_WINDOW_MS ? new Date(time) : now;
}
