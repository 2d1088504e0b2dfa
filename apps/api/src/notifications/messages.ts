import { zonedDateTime } from '@homing/shared';
import type { FoundReport } from '../models/FoundReport';

interface Context {
  itemName: string;
  publicUrl: string;
  brandName: string;
  /** The owner's time zone (their notification preferences), for the times they read; UTC without one. */
  timeZone?: string;
}

const mapLink = (r: FoundReport) =>
  r.latitude && r.longitude
    ? `https://www.openstreetmap.org/?mlat=${r.latitude}&mlon=${r.longitude}#map=17/${r.latitude}/${r.longitude}`
    : null;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The owner's conversation with this report's finder, in the owner app (sign-in required). */
export const replyLink = (publicUrl: string, reportId: string) => `${publicUrl}/reports/${reportId}`;

/**
 * The owner's e-mail: the finder's words, where and when, and the link to reply. The finder's
 * e-mail and phone are never in it: the owner answers in the conversation, which reaches them.
 */
export function foundReportEmail(r: FoundReport, ctx: Context) {
  const map = mapLink(r);
  const when = zonedDateTime(new Date(r.foundAt), ctx.timeZone ?? 'UTC');
  const reply = replyLink(ctx.publicUrl, r.id);
  const lines = [
    `Good news: someone found your ${ctx.itemName} and sent you a message.`,
    '',
    `Message: ${r.message}`,
    `Location: ${map ?? 'not shared'}`,
    `Time: ${when}`,
    '',
    `Reply to the finder: ${reply}`,
  ];
  const html = [
    `<p>Good news: someone found your <strong>${escapeHtml(ctx.itemName)}</strong> and sent you a message.</p>`,
    `<blockquote>${escapeHtml(r.message)}</blockquote>`,
    `<p>Location: ${map ? `<a href="${map}">open the map</a>` : 'not shared'}</p>`,
    `<p>Time: ${when}</p>`,
    `<p><a href="${reply}">Reply to the finder on ${escapeHtml(ctx.brandName)}</a></p>`,
  ].join('\n');
  return { subject: `${ctx.brandName}: someone found your ${ctx.itemName}`, text: lines.join('\n'), html };
}

/** The owner's SMS: short, one segment where possible. */
export function foundReportSms(r: FoundReport, ctx: Context) {
  const parts = [`${ctx.brandName}: someone found your ${ctx.itemName}: "${r.message.slice(0, 200)}"`];
  const map = mapLink(r);
  if (map) parts.push(`Where: ${map}`);
  parts.push(`Reply: ${replyLink(ctx.publicUrl, r.id)}`);
  return parts.join(' ');
}

export interface ThreadText {
  itemName: string;
  brandName: string;
  /** The message as its sender wrote it (plain text; escaped in HTML). */
  text: string;
  location: { latitude: number; longitude: number } | null;
  /** Where the reader answers: the finder's page or the owner's conversation. */
  link: string;
}

const osm = ({ latitude: a, longitude: o }: { latitude: number; longitude: number }) =>
  `https://www.openstreetmap.org/?mlat=${a}&mlon=${o}#map=17/${a}/${o}`;

/** threadMail's own words, in the reader's language (a finder's: finderMessages.ts). */
export interface MailLabels {
  location: string;
  openLocation: string;
  /** Before a value: ': ', or French's narrow no-break space and colon. */
  colon: string;
}
const ENGLISH_LABELS: MailLabels = {
  location: 'Location',
  openLocation: 'Open the shared location',
  colon: ': ',
};

/** A conversation e-mail: our intro, the sender's words as written, a shared location, the link. */
export function threadMail(
  intro: string,
  subject: string,
  m: ThreadText,
  action: string,
  labels: MailLabels = ENGLISH_LABELS,
) {
  const map = m.location ? osm(m.location) : null;
  const text = [
    intro,
    '',
    ...(m.text ? [m.text, ''] : []),
    ...(map ? [`${labels.location}${labels.colon}${map}`, ''] : []),
    `${action}${labels.colon}${m.link}`,
  ];
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    m.text ? `<blockquote style="white-space:pre-wrap">${escapeHtml(m.text)}</blockquote>` : '',
    map ? `<p><a href="${map}">${escapeHtml(labels.openLocation)}</a></p>` : '',
    `<p><a href="${escapeHtml(m.link)}">${escapeHtml(action)}</a></p>`,
  ].join('\n');
  return { subject, text: text.join('\n'), html };
}

// What we send the finder (their conversation link, the owner's replies) is in finderMessages.ts,
// in the finder's language.

/** To the owner: the finder wrote again. */
export const finderMessageEmail = (m: ThreadText) =>
  threadMail(
    `The finder of your ${m.itemName} sent a new message:`,
    `${m.brandName}: new message about your ${m.itemName}`,
    m,
    'Reply to the finder',
  );

export const finderMessageSms = (m: ThreadText) =>
  `${m.brandName}: the finder of your ${m.itemName} wrote${m.text ? `: "${m.text.slice(0, 200)}"` : ' with a location'}. ${m.link}`;

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

/** Half hidden: the old address learns where the account went, not the whole new contact. */
const masked = (contact: string) =>
  contact.includes('@')
    ? contact.replace(/^(.)[^@]*(@.).*?(\.[^.]*)$/, '$1***$2***$3')
    : `•••${contact.slice(-2)}`;

/** To the old address or number after a change of contact: what changed, and the undo link (7 days). */
export function contactChangedEmail(
  link: string,
  ctx: AccountContext & { what: 'email' | 'phone'; to: string },
) {
  const thing = ctx.what === 'email' ? 'e-mail address' : 'phone number';
  return linkEmail(
    `${ctx.brandName}: your ${thing} was changed`,
    `The ${thing} of your ${ctx.brandName} account was changed to ${masked(ctx.to)}. If you did this, there is nothing to do.`,
    link,
    'This was not me: undo the change',
    `Undoing puts this address back, signs out every device and lets you choose a new password. The link works for 7 days.`,
  );
}

export const contactChangedSms = (
  link: string,
  ctx: AccountContext & { what: 'email' | 'phone'; to: string },
) =>
  `${ctx.brandName}: the ${ctx.what === 'email' ? 'e-mail address' : 'phone number'} of your account was changed to ${masked(ctx.to)}. Not you? Undo it: ${link}`;

/** To the account's contact after its password was changed in the settings. */
export function passwordChangedEmail(ctx: AccountContext) {
  const forgot = `${ctx.publicUrl}/auth/forgot`;
  return linkEmail(
    `${ctx.brandName}: your password was changed`,
    `The password of your ${ctx.brandName} account was changed, and every other device was signed out. If you did this, there is nothing to do.`,
    forgot,
    'This was not me: reset my password',
    'A reset link or code comes to this address, and resetting signs out every device.',
  );
}

export const passwordChangedSms = (ctx: AccountContext) =>
  `${ctx.brandName}: your password was changed. Not you? Reset it at ${ctx.publicUrl}/auth/forgot`;

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

// Escalation: the owner has not opened a report in the time they chose.

/** Step 1, to the owner again (by SMS when they allowed it, else e-mail): no finder details, just the link. */
export function escalationReminder(ctx: Context & { reportId: string }) {
  const link = replyLink(ctx.publicUrl, ctx.reportId);
  const text = `${ctx.brandName}: someone found your ${ctx.itemName} and is waiting for your answer. Open the report: ${link}`;
  return {
    subject: `${ctx.brandName}: someone is waiting about your ${ctx.itemName}`,
    text,
    html: `<p>${escapeHtml(text).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`,
  };
}

/**
 * Step 2, to a confirmed backup contact: the owner's name and the item only. No finder detail, no
 * report link (it would need the owner's sign-in): the contact is asked to reach the owner.
 */
export function backupAlert(ctx: { ownerName: string | null; itemName: string; brandName: string }) {
  const who = ctx.ownerName?.trim() || `A ${ctx.brandName} user`;
  const text = `${who} may need help: someone found their ${ctx.itemName} and they have not answered yet. Please let them know they should check ${ctx.brandName}. (You are one of their backup contacts.)`;
  // The subject carries no owner-written text (their name): it is what a stranger sees first.
  return { subject: `${ctx.brandName}: a backup contact alert`, text, html: `<p>${escapeHtml(text)}</p>` };
}

/** Asks a would-be backup contact to confirm by link; nothing else is sent to them before that. */
export function backupConfirmEmail(link: string, ctx: AccountContext & { ownerName: string | null }) {
  const who = ctx.ownerName?.trim() || `A ${ctx.brandName} user`;
  return linkEmail(
    // No owner-written text (their name) in the subject: an invitation must not carry a message.
    `${ctx.brandName}: you are invited to be a backup contact`,
    `${who} would like you to be told if they do not answer when someone finds one of their belongings.`,
    link,
    'Yes, I agree',
    'If you do not follow the link, you will receive nothing more from us.',
  );
}

export const backupConfirmSms = (link: string, ctx: AccountContext & { ownerName: string | null }) =>
  `${ctx.brandName}: ${ctx.ownerName?.trim() || `A ${ctx.brandName} user`} asks you to be their backup contact, told if they miss a found-item alert. Agree: ${link} (ignore this otherwise)`;
