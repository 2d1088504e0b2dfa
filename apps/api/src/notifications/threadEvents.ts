import type { EventHub } from './hub';

/** The hub key a finder's conversation page listens on (never an owner's id: no collision). */
export const threadKey = (foundReportId: string) => `thread:${foundReportId}`;

/** What changed: a message from either side, the owner's reading, a closing, a delivery (a receipt). */
export type ThreadChange = 'finder_message' | 'owner_message' | 'read' | 'closed' | 'delivered';

/**
 * Tells the finder's open page that its conversation changed (a reply, a receipt, a closing).
 * The event carries no content: the page loads the conversation again with its own token.
 */
export function publishThreadChange(
  hub: EventHub,
  props: { foundReportId: string; ownerId?: string; reason: ThreadChange },
) {
  const event = {
    type: 'thread_changed' as const,
    data: { reportId: props.foundReportId, reason: props.reason },
  };
  return Promise.all([
    hub.publish(threadKey(props.foundReportId), event),
    props.ownerId ? hub.publish(props.ownerId, event) : undefined,
  ]);
}
