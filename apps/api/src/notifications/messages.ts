import type { FoundReport } from '../models/FoundReport';

interface Context {
  itemName: string;
  publicUrl: string;
  brandName: string;
}

const mapLink = (r: FoundReport) =>
  r.latitude && r.longitude
    ? `https://www.openstreetmap.org/?mlat=${r.latitude}&mlon=${r.longitude}#map=17/${r.latitude}/${r.longitude}`
    : null;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The owner's e-mail: the finder's words, how to reach them, where and when, and the dashboard. */
export function foundReportEmail(r: FoundReport, ctx: Context) {
  const map = mapLink(r);
  const when = new Date(r.foundAt).toUTCString();
  const dashboard = `${ctx.publicUrl}/dashboard`;
  const lines = [
    `Good news: someone found your ${ctx.itemName} and sent you a message.`,
    '',
    `Message: ${r.message}`,
    `Finder's phone: ${r.finderPhone || 'not given'}`,
    ...(r.finderEmail ? [`Finder's e-mail: ${r.finderEmail}`] : []),
    `Location: ${map ?? 'not shared'}`,
    `Time: ${when}`,
    '',
    `See it on your dashboard: ${dashboard}`,
  ];
  const html = [
    `<p>Good news: someone found your <strong>${escapeHtml(ctx.itemName)}</strong> and sent you a message.</p>`,
    `<blockquote>${escapeHtml(r.message)}</blockquote>`,
    `<p>Finder's phone: ${r.finderPhone ? `<a href="tel:${r.finderPhone}">${r.finderPhone}</a>` : 'not given'}</p>`,
    r.finderEmail ? `<p>Finder's e-mail: ${escapeHtml(r.finderEmail)}</p>` : '',
    `<p>Location: ${map ? `<a href="${map}">open the map</a>` : 'not shared'}</p>`,
    `<p>Time: ${when}</p>`,
    `<p><a href="${dashboard}">Open your ${escapeHtml(ctx.brandName)} dashboard</a></p>`,
  ].join('\n');
  return { subject: `${ctx.brandName}: someone found your ${ctx.itemName}`, text: lines.join('\n'), html };
}

/** The owner's SMS: short, one segment where possible. */
export function foundReportSms(r: FoundReport, ctx: Context) {
  const parts = [`${ctx.brandName}: someone found your ${ctx.itemName}: "${r.message.slice(0, 200)}"`];
  if (r.finderPhone) parts.push(`Call them: ${r.finderPhone}`);
  const map = mapLink(r);
  if (map) parts.push(`Where: ${map}`);
  parts.push(`${ctx.publicUrl}/dashboard`);
  return parts.join(' ');
}

/**
 * The digest for reports held past an item's ceiling: sent once when the window closes, instead of
 * one message each, so a flood of junk cannot bury the owner's inbox (every report is on the dashboard).
 */
export function heldReportsDigest(ctx: Context) {
  const dashboard = `${ctx.publicUrl}/dashboard`;
  const text =
    `Many people wrote about your ${ctx.itemName} in a short time. So your inbox is not flooded, ` +
    `we held the later messages instead of sending each one. Read them all on your dashboard: ${dashboard}`;
  return {
    subject: `${ctx.brandName}: more messages about your ${ctx.itemName}`,
    text,
    html: `<p>${escapeHtml(text.replace(dashboard, ''))}<a href="${dashboard}">${dashboard}</a></p>`,
    sms: `${ctx.brandName}: more messages about your ${ctx.itemName} are waiting on your dashboard: ${dashboard}`,
  };
}

interface AccountContext {
  publicUrl: string;
  brandName: string;
}

const linkEmail = (subject: string, intro: string, link: string, label: string, outro: string) => ({
  subject,
  text: `${intro}\n\n${label}: ${link}\n\n${outro}`,
  html: [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`,
    `<p>${escapeHtml(outro)}</p>`,
  ].join('\n'),
});

/** The link that sets a new password (single use, 30 minutes). */
export function passwordResetEmail(link: string, ctx: AccountContext) {
  return linkEmail(
    `${ctx.brandName}: reset your password`,
    `Someone (hopefully you) asked to reset the password of your ${ctx.brandName} account.`,
    link,
    'Choose a new password',
    'The link works once, for 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  );
}

export const passwordResetSms = (code: string, ctx: AccountContext) =>
  `${ctx.brandName}: your password reset code is ${code}. It expires in 30 minutes. If you did not ask for it, ignore this message.`;

/** Confirms a new e-mail address before it replaces the account's. */
export function emailConfirmEmail(link: string, ctx: AccountContext) {
  return linkEmail(
    `${ctx.brandName}: confirm your e-mail address`,
    `Confirm this address to use it for your ${ctx.brandName} account.`,
    link,
    'Confirm this address',
    'The link works once, for 30 minutes. If you did not ask for it, ignore this e-mail.',
  );
}

export const phoneConfirmSms = (code: string, ctx: AccountContext) =>
  `${ctx.brandName}: your confirmation code is ${code}. It expires in 30 minutes.`;

/** To the holder of an address someone tried to sign up with again: no page says it is taken. */
export function accountExistsEmail(resetLink: string, ctx: AccountContext) {
  return linkEmail(
    `${ctx.brandName}: you already have an account`,
    `Someone (hopefully you) tried to create a ${ctx.brandName} account with this e-mail address, which already has one. Log in at ${ctx.publicUrl}/auth. If you forgot your password, you can reset it.`,
    resetLink,
    'Reset your password',
    'If this was not you, you can ignore this e-mail: nothing has changed.',
  );
}

export const accountExistsSms = (ctx: AccountContext) =>
  `${ctx.brandName}: someone tried to sign up with this number, which already has an account. Log in or reset your password at ${ctx.publicUrl}/auth/forgot`;
