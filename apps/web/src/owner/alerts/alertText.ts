import type { SseEvent } from '../dashboard/sse';

export interface OwnerAlert {
  /** The report (conversation) it is about; null for a scan of a lost item. */
  reportId: string | null;
  text: string;
  /** Urgent (a report, a finder's message, a lost item's scan): it may break through quiet hours if the owner lets it. */
  urgent: boolean;
  /** Where the toast's link goes: an app path, or a map (opened apart) for a scan with a place. */
  link: { href: string; label: string; external: boolean };
  /** One notification per thing told about (a browser notification's tag). */
  tag: string;
}

const mapUrl = (lat: string, lon: string) =>
  `https://www.openstreetmap.org/?mlat=${encodeURIComponent(lat)}&mlon=${encodeURIComponent(lon)}#map=17/${encodeURIComponent(lat)}/${encodeURIComponent(lon)}`;

const readReply = (reportId: string) => ({
  href: `/reports/${encodeURIComponent(reportId)}`,
  label: 'Read and reply',
  external: false,
});

const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

/**
 * What deserves the owner's attention in a live event: a new finder report, a finder's new message
 * in a conversation, or a scan of an item they marked lost (with a map link when the finder shared
 * where). Other scans, the owner's own replies, readings and receipts do not.
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
      urgent: true,
      link: readReply(data.id),
      tag: `report-${data.id}`,
    };
  }
  if (event.event === 'lost_item_scan' && typeof data.id === 'string') {
    const name = record(data.item)?.name;
    const { latitude, longitude } = data;
    const located = typeof latitude === 'string' && typeof longitude === 'string' && latitude && longitude;
    return {
      reportId: null,
      text: `Your lost ${typeof name === 'string' && name ? name : 'item'} was just scanned`,
      urgent: true,
      link: located
        ? { href: mapUrl(latitude, longitude), label: 'See where on a map', external: true }
        : { href: '/dashboard', label: 'Open the dashboard', external: false },
      tag: `lost-scan-${data.id}`,
    };
  }
  if (
    event.event === 'thread_changed' &&
    data.reason === 'finder_message' &&
    typeof data.reportId === 'string'
  )
    return {
      reportId: data.reportId,
      text: 'A finder sent you a new message',
      urgent: true,
      link: readReply(data.reportId),
      tag: `report-${data.reportId}`,
    };
  return null;
}

/** "(2) Dashboard · Homing": the unseen count first, where a crowded tab bar still shows it. */
export const titleWithCount = (title: string, count: number) => (count > 0 ? `(${count}) ${title}` : title);
