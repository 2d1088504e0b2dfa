import type { PushPayload } from './push';

// What a push notification on the owner's device says (the service worker shows title and body;
// a click opens `url`). Short: a lock screen shows two lines.

type Push = Omit<PushPayload, 'tag'>;

const clip = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A finder's report: a click opens its conversation. */
export const foundReportPush = (r: { id: string; message: string }, itemName: string): Push => ({
  title: `Someone found your ${itemName}`,
  body: clip(r.message) || 'Open the conversation to read it.',
  url: `/reports/${r.id}`,
});

/** A finder's message in a conversation: a click opens it. */
export const finderMessagePush = (m: { reportId: string; text: string; itemName: string }): Push => ({
  title: `New message about your ${m.itemName}`,
  body: clip(m.text) || 'The finder shared their location.',
  url: `/reports/${m.reportId}`,
});

/** A lost item's label was scanned: a click opens the dashboard, where the scan (and its place) is. */
export const lostScanPush = (s: { itemName: string; located: boolean }): Push => ({
  title: `URGENT: your lost ${s.itemName} was just scanned`,
  body: s.located
    ? 'The finder shared where they are. Open to see the map.'
    : 'Open your dashboard to see it.',
  url: '/dashboard',
});
