import type { ThreadState } from '@homing/shared';

/** What decides a conversation's state (the columns of services/finders/threadLoader's threadStateColumns). */
export interface ThreadStateRow {
  ownerReadAt: Date | null;
  ownerRepliedAt: Date | null;
  closedAt: Date | null;
  lastFinderMessageAt: Date;
  recovered: boolean;
  blocked: boolean;
}

/**
 * Whether the conversation takes messages, as its finder sees it. A block is not in it: the owner's
 * block closes the blocked conversation (closedAt), and a later one from the same person stays
 * open to them, its messages held for the owner (the sender is told nothing different).
 */
export const threadOpen = (r: ThreadStateRow) => !r.closedAt && !r.recovered;

/** new: the finder wrote since the owner last looked; answered: the owner replied after it; blocked: from a sender the owner blocked. */
export function threadState(r: ThreadStateRow): ThreadState {
  if (r.blocked && !r.recovered) return 'blocked';
  if (!threadOpen(r)) return 'closed';
  const last = new Date(r.lastFinderMessageAt).getTime();
  if (!r.ownerReadAt || new Date(r.ownerReadAt).getTime() < last) return 'new';
  if (r.ownerRepliedAt && new Date(r.ownerRepliedAt).getTime() >= last) return 'answered';
  return 'read';
}
