import type { Position } from './clientInfo';

/** How long the device may take to find a position once the finder has allowed it. */
export const POSITION_TIMEOUT_MS = 8000;
/**
 * The browser's own timeout does not run while its permission prompt is open, so this caps the
 * whole wait: a finder who ignores the prompt still gets their message sent.
 */
export const OVERALL_TIMEOUT_MS = 20_000;

/**
 * One position, once (spec: "share their location once"). Refusal, timeout, no GPS or no API all
 * give null, and the report goes without a location.
 */
export function locateOnce(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  timing = { positionMs: POSITION_TIMEOUT_MS, overallMs: OVERALL_TIMEOUT_MS },
): Promise<Position | null> {
  return new Promise((resolve) => {
    if (!geolocation) return resolve(null);
    let settled = false;
    const settle = (position: Position | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(position);
    };
    const timer = setTimeout(() => settle(null), timing.overallMs);
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => settle({ latitude: coords.latitude, longitude: coords.longitude }),
        () => settle(null),
        { enableHighAccuracy: true, timeout: timing.positionMs, maximumAge: 60_000 },
      );
    } catch {
      settle(null);
    }
  });
}
