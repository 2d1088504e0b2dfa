import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per delivery: a retried send carries the same Message-ID, so receivers can collapse it. */
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ providerId: string }>;
}

const envelope = (m: MailMessage, from: string) => ({
  from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  messageId: m.messageId,
});

/** SMTP through nodemailer (SMTP_URL). */
export function smtpMailer(opts: { url: string; from: string; maxConnections?: number }): Mailer {
  // Pooled connections: one SMTP session serves many deliveries, one session per worker lane.
  const pool = `pool=true&maxConnections=${opts.maxConnections ?? 5}`;
  const transport = nodemailer.createTransport(
    opts.url.includes('?') ? `${opts.url}&${pool}` : `${opts.url}?${pool}`,
  );
  return {
    async send(m) {
      const info = await transport.sendMail(envelope(m, opts.from));
      return { providerId: info.messageId };
    },
  };
}

/** With no SMTP configured: each e-mail becomes an .eml file in the outbox folder and a log line. */
export function folderMailer(opts: { dir: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail(envelope(m, opts.from));
      await fs.mkdir(opts.dir, { recursive: true });
      const file = path.join(opts.dir, `${m.messageId.replace(/[^\w.-]/g, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.logger.info({ to: m.to, subject: m.subject, file }, 'e-mail written to the local outbox');
      return { providerId: file };
    },
  };
}
