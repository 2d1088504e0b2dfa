import type { SseEvent } from '../dashboard/sse';

export interface OwnerAlert {
  /** The report (conversation) it is about. */
  reportId: string;
  text: string;
  /** A finder's message in a conversation: it may break through quiet hours if the owner lets it. */
  urgent: boolean;
}

const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

/**
 * What deserves the owner's attention in a live event: a new finder report, or a finder's new
 * message in a conversation. Scans, the owner's own replies, readings and receipts do not.
 */
export function alertFor(event: SseEvent): OwnerAlert | null {
  let data: Record<string, unknown> | null;
  try {
    data = record(JSON.parse(event.data));
  } catch {
    return null;
  }
  if (!data) return null;
  if (event.event === 'found_report' && typeof data.id === 'string') {
    const name = record(data.item)?.name;
    return {
      reportId: data.id,
      text:
        typeof name === 'string' && name
          ? `Someone found your ${name} and wrote to you`
          : 'A finder wrote to you',
      urgent: false,
    };
  }
  if (
    event.event === 'thread_changed' &&
    data.reason === 'finder_message' &&
    typeof data.reportId === 'string'
  )
    return { reportId: data.reportId, text: 'A finder sent you a new message', urgent: true };
  return null;
}

/** "(2) Dashboard · Homing": the unseen count first, where a crowded tab bar still shows it. */
export const titleWithCount = (title: string, count: number) => (count > 0 ? `(${count}) ${title}` : title);
