import { assignedItem } from './codeFactory';
import type { SmtpSink } from './smtpSink';
import { signUp, type TestServer } from './testServer';
import { WAIT_MS } from './patience';

// Escalation tests (notifications/escalation*.test.ts): an owner whose unread reports escalate, their
// backup contacts, a report, and what the owner and the contacts were sent.

export const mailsTo = (sink: SmtpSink, email: string) => sink.received.filter((m) => m.to.includes(email));
/** Step 1: the owner told again. */
export const reminders = (sink: SmtpSink, email: string) =>
  mailsTo(sink, email).filter((m) => m.text.includes('is waiting for your answer'));
/** Step 2: a backup contact told the owner may need help. */
export const alerts = (sink: SmtpSink, email: string) =>
  mailsTo(sink, email).filter((m) => m.text.includes('may need help'));

/** What `email` has been sent once `n` mails reached it, or after `ms` (the caller checks the count). */
export async function waitMails(sink: SmtpSink, email: string, n: number, ms = WAIT_MS) {
  const until = Date.now() + ms;
  while (mailsTo(sink, email).length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  return mailsTo(sink, email);
}

/** Notification preferences: e-mail only, at any hour, unread reports escalating after `delay` minutes. */
export const emailOnlyPreferences = (delay: number) => ({
  email: true,
  sms: false,
  browser: true,
  quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'UTC' },
  urgentBreaksThrough: true,
  escalationDelayMinutes: delay,
});

/**
 * A new owner told by e-mail only, at any hour, whose unread reports escalate after `delay` minutes,
 * with one item ("Blue backpack") and its code.
 */
export async function escalatingOwner(server: TestServer, delay = 10) {
  const o = await signUp(server);
  const res = await server.api<{ data: { escalationDelayMinutes: number } }>(
    'PUT',
    '/api/users/me/notification-preferences',
    {
      token: o.token,
      body: emailOnlyPreferences(delay),
    },
  );
  if (res.status !== 200 || res.body.data.escalationDelayMinutes !== delay)
    throw new Error(`preferences not saved: ${res.status} ${JSON.stringify(res.body)}`);
  const { code } = await assignedItem(server.db.knex, o.user.id, { name: 'Blue backpack' });
  return { ...o, code };
}

/**
 * Adds a backup contact and waits for the link it is sent (`deliver` sends the outbox when no
 * worker runs on its own); with `confirm`, follows it, and checks it is single use.
 */
export async function addBackupContact(
  server: TestServer,
  sink: SmtpSink,
  opts: { token: string; email: string; confirm: boolean; deliver?: () => Promise<unknown> },
) {
  const res = await server.api('POST', '/api/users/me/backup-contacts', {
    token: opts.token,
    body: { contact: opts.email },
  });
  if (res.status !== 200) throw new Error(`backup contact not added: ${res.status}`);
  await opts.deliver?.();
  const [mail] = await waitMails(sink, opts.email, 1);
  const link = mail && /\/backup\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no confirmation link reached ${opts.email}`);
  if (!opts.confirm) return;
  const ok = await server.api('POST', '/api/backup-contacts/confirm', { body: { token: link } });
  if (ok.status !== 200) throw new Error(`confirmation refused: ${ok.status}`);
  const again = await server.api('POST', '/api/backup-contacts/confirm', { body: { token: link } });
  if (again.status !== 400) throw new Error(`a confirmation link worked twice: ${again.status}`);
}

/** A finder's report on `code`: its id, and when it was filed (its escalation steps count from then). */
export async function fileReport(server: TestServer, code: string) {
  const res = await server.api('POST', `/api/found/${code}/report`, {
    body: { foundNotes: 'Found it on the bus' },
  });
  if (res.status !== 201) throw new Error(`report refused: ${res.status} ${JSON.stringify(res.body)}`);
  const row = (await server.db.knex('foundReports').orderBy('createdAt', 'desc').first('id')) as {
    id: string;
  };
  return { id: row.id, at: Date.now() };
}
