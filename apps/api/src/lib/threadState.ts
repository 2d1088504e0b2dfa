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

export const threadOpen = (r: ThreadStateRow) => !r.closedAt && !r.recovered && !r.blocked;

/** new: the finder wrote since the owner last looked; answered: the owner replied after it. */
export function threadState(r: ThreadStateRow): ThreadState {
  if (!threadOpen(r)) return 'closed';
  const last = new Date(r.lastFinderMessageAt).getTime();
  if (!r.ownerReadAt || new Date(r.ownerReadAt).getTime() < last) return 'new';
  if (r.ownerRepliedAt && new Date(r.ownerRepliedAt).getTime() >= last) return 'answered';
  return 'read';
}
