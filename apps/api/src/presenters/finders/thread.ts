import type { FinderThread, OwnerThread } from '@homing/shared';
import { finderItemName } from '../../lib/finderItemName';
import { threadOpen, threadState } from '../../lib/threadState';
import type { LoadedThread } from '../../services/finders/threadLoader';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const coordinate = (v: string | number | null) => (v === null ? null : Number(Number(v).toFixed(4)));

/** The report's own text as the conversation's first message (its id is the report's). */
function allMessages({ report, messages }: LoadedThread) {
  return [
    {
      id: report.id,
      from: 'finder' as const,
      text: report.message,
      latitude: coordinate(report.latitude),
      longitude: coordinate(report.longitude),
      sentAt: new Date(report.createdAt),
      first: true,
    },
    ...messages.map((m) => ({
      id: m.id,
      from: m.sender,
      text: m.body,
      latitude: coordinate(m.latitude),
      longitude: coordinate(m.longitude),
      sentAt: new Date(m.createdAt),
      first: false,
    })),
  ];
}

/**
 * The finder's side (an allowlist): the item's name, the messages and, on the finder's own
 * messages, when the owner was notified (or until when their quiet hours hold it) and read them. Never the owner's name, e-mail or phone,
 * nor where a notification went: only its channel.
 */
export function presentFinderThread(thread: LoadedThread): FinderThread {
  const { report, deliveries } = thread;
  const readAt = report.ownerReadAt ? new Date(report.ownerReadAt) : null;
  return {
    item: { name: finderItemName(report, report.finderLocale) },
    open: threadOpen(report),
    closedReason: threadOpen(report) ? null : report.recovered ? 'recovered' : 'closed',
    ownerRepliedAt: iso(report.ownerRepliedAt),
    messages: allMessages(thread).map(({ first, sentAt, ...m }) => {
      if (m.from !== 'finder') return { ...m, sentAt: sentAt.toISOString(), receipt: null };
      const mine = (d: { threadMessageId: string | null }) =>
        first ? d.threadMessageId === null : d.threadMessageId === m.id;
      const notified = deliveries.find(mine);
      // Nothing delivered yet and every alert about it held by the owner's quiet hours: until when.
      const held = notified ? undefined : thread.held.find(mine);
      return {
        ...m,
        sentAt: sentAt.toISOString(),
        receipt: {
          notified: notified ? { channel: notified.channel, at: iso(notified.deliveredAt)! } : null,
          readAt: readAt && readAt >= sentAt ? readAt.toISOString() : null,
          heldUntil: held ? iso(held.nextAttemptAt) : null,
        },
      };
    }),
  };
}

/** The owner's side (an allowlist): the state and messages; never the finder's e-mail or phone. */
export function presentOwnerThread(thread: LoadedThread): OwnerThread {
  const { report } = thread;
  return {
    id: report.id,
    item: { id: report.itemId, name: report.itemName },
    state: threadState(report),
    open: threadOpen(report),
    recovered: report.recovered,
    blocked: report.blocked,
    finderNotified: !!(report.finderEmail || report.finderPhone),
    messages: allMessages(thread).map(({ first: _first, sentAt, ...m }) => ({
      ...m,
      sentAt: sentAt.toISOString(),
    })),
  };
}
