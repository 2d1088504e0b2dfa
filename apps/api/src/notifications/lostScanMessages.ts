import { zonedDateTime } from '@homing/shared';

interface Context {
  itemName: string;
  publicUrl: string;
  brandName: string;
  /** The owner's time zone, for the time they read; UTC without one. */
  timeZone?: string;
}

interface Scan {
  at: Date;
  position: { latitude: string; longitude: string } | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const mapLink = ({ position: p }: Scan) =>
  p
    ? `https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=17/${p.latitude}/${p.longitude}`
    : null;

/** The owner's e-mail when their lost item's label was just scanned. */
export function lostScanEmail(scan: Scan, ctx: Context) {
  const map = mapLink(scan);
  const when = zonedDateTime(new Date(scan.at), ctx.timeZone ?? 'UTC');
  const dashboard = `${ctx.publicUrl}/dashboard`;
  const lines = [
    `Someone just scanned the label on your lost ${ctx.itemName}.`,
    `Location: ${map ?? 'not shared'}`,
    `Time: ${when}`,
    '',
    `They can message you from the label's page; watch your dashboard: ${dashboard}`,
  ];
  const html = [
    `<p><strong>Someone just scanned the label on your lost ${escapeHtml(ctx.itemName)}.</strong></p>`,
    `<p>Location: ${map ? `<a href="${map}">open the map</a>` : 'not shared'}</p>`,
    `<p>Time: ${when}</p>`,
    `<p><a href="${dashboard}">Open your ${escapeHtml(ctx.brandName)} dashboard</a></p>`,
  ].join('\n');
  return {
    subject: `URGENT ${ctx.brandName}: your lost ${ctx.itemName} was just scanned`,
    text: lines.join('\n'),
    html,
  };
}

/** The owner's SMS when their lost item's label was just scanned. */
export function lostScanSms(scan: Scan, ctx: Context) {
  const map = mapLink(scan);
  return [
    `URGENT ${ctx.brandName}: your lost ${ctx.itemName} was just scanned.`,
    ...(map ? [`Where: ${map}`] : []),
    `${ctx.publicUrl}/dashboard`,
  ].join(' ');
}

/**
 * Later scans of a lost item in a short window, folded into one message sent when the window
 * closes (services/finders/lostScanAlerter.ts): the first scan already alerted at once.
 */
export function lostScanDigest(ctx: Context) {
  const dashboard = `${ctx.publicUrl}/dashboard`;
  const text = `Your lost ${ctx.itemName} was scanned again. Every scan, with any position shared, is on your dashboard: ${dashboard}`;
  return {
    subject: `${ctx.brandName}: your ${ctx.itemName} was scanned again`,
    text,
    html: `<p>${escapeHtml(text.replace(dashboard, ''))}<a href="${dashboard}">${dashboard}</a></p>`,
    sms: `${ctx.brandName}: your lost ${ctx.itemName} was scanned again. See ${dashboard}`,
  };
}
