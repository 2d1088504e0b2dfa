import { REPORT_WINDOW_MS } from '../../lib/limitRules';

/**
 * The one digest that tells the owner of the reports held about an item (or a label with no item)
 * in a fixed window: when it is due (the window's end) and its outbox key per channel. The
 * finder's page of a held report finds its receipt by the same key (threadLoader.ts).
 */
export function heldDigest(scopeId: string, reportCreatedAt: Date) {
  const windowEnd = Math.floor(reportCreatedAt.getTime() / REPORT_WINDOW_MS + 1) * REPORT_WINDOW_MS;
  return {
    due: new Date(windowEnd),
    key: (channel: string) => `digest-${scopeId}-${windowEnd}-${channel}`,
  };
}
