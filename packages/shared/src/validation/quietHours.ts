// Quiet hours, shared by the notification worker (which defers e-mail and SMS) and the web app
// (which holds back browser notifications), so both read the owner's setting the same way.

export interface QuietHours {
  enabled: boolean;
  /** Minutes after local midnight, 0..1439. */
  startMinute: number;
  endMinute: number;
  /** IANA time zone the two times are in. */
  timeZone: string;
}

/** An IANA time zone name this engine knows ("Europe/London"). */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const minutesOfClock = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export const clockOfMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The wall-clock minute of the day at `at` in `timeZone`. */
export function localMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * When the quiet period covering `at` ends, or null when `at` is outside quiet hours. A period
 * whose start is after its end spans midnight (22:00–07:00); equal times mean no quiet period.
 * Counted in wall-clock minutes, then corrected once by what the clock reads there, so a night when
 * the clocks change still ends at the chosen time.
 */
export function quietUntil(q: QuietHours, at: Date): Date | null {
  if (!q.enabled || q.startMinute === q.endMinute) return null;
  const now = localMinute(at, q.timeZone);
  const quiet =
    q.startMinute < q.endMinute
      ? now >= q.startMinute && now < q.endMinute
      : now >= q.startMinute || now < q.endMinute;
  if (!quiet) return null;
  const minutesLeft = (q.endMinute - now + 1440) % 1440;
  const startOfMinute = at.getTime() - (at.getTime() % 60_000);
  const guess = startOfMinute + minutesLeft * 60_000;
  // Daylight saving moved the clock by the difference: -60 (autumn) or +60 (spring), say.
  let off = localMinute(new Date(guess), q.timeZone) - q.endMinute;
  if (off > 720) off -= 1440;
  if (off <= -720) off += 1440;
  return new Date(guess - off * 60_000);
}

/**
 * A moment as an owner reads it in an e-mail or text: the spec's MM-DD-YYYY date and a 24-hour
 * time in their time zone, which is named ("11-26-2026 14:03 (Europe/Paris)").
 */
export function zonedDateTime(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return `${parts.month}-${parts.day}-${parts.year} ${parts.hour}:${parts.minute} (${timeZone})`;
}
