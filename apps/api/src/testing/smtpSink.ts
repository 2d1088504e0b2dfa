import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { WAIT_MS } from './patience';

export interface ReceivedMail {
  to: string[];
  messageId: string;
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone (as UTF-8), for assertions. */
  text: string;
  /** The Subject header, its encoded words (RFC 2047, as nodemailer writes non-ASCII) decoded. */
  subject: string;
}

// A run of escapes is one byte sequence: a character's UTF-8 bytes are escaped side by side.
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/**
 * `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words; the whitespace between two of them is not text, and
 * adjacent Q words are joined first (a character's bytes may straddle two).
 */
function decodeHeader(value: string) {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/\?==\?utf-8\?Q\?/gi, '')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, body: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(body, 'base64').toString('utf8')
        : decodeQuotedPrintable(body.replace(/_/g, ' ')),
    );
}

const subjectOf = (raw: string) => {
  const headers = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const folded = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? '';
  return decodeHeader(folded.replace(/\r?\n[ \t]/g, ' ').trim());
};

/**
 * A real SMTP server on loopback that keeps what it accepts. `hold` makes it stall before
 * accepting the matching messages (the client waits, as with a slow provider) until
 * `releaseHeld()`, if ever; `delayMs` makes it answer every message late; `port` fixes the port (a
 * browser test's server is configured before it starts).
 */
export async function startSmtpSink(
  opts: { hold?: (raw: string) => boolean; delayMs?: number; port?: number } = {},
) {
  const received: ReceivedMail[] = [];
  // Held messages, each waiting to be accepted.
  const held: (() => void)[] = [];
  // Messages received but not yet answered, now and at the most: how many a sender has in flight.
  const inFlight = { now: 0, most: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: 200,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (opts.hold?.(raw)) {
          // Not answered (yet): the sender's delivery is in flight.
          held.push(() => accept(raw, session, callback));
          return;
        }
        accept(raw, session, callback);
      });
    },
  });
  function accept(raw: string, session: SMTPServerSession, callback: (err?: Error | null) => void) {
    const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '';
    // A slow provider: each message is accepted only after `delayMs`.
    inFlight.now++;
    inFlight.most = Math.max(inFlight.most, inFlight.now);
    setTimeout(() => {
      inFlight.now--;
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        messageId,
        raw,
        text: decodeQuotedPrintable(raw),
        subject: subjectOf(raw),
      });
      callback();
    }, opts.delayMs ?? 0);
  }
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Accepts the held messages now (the provider answers at last). */
    releaseHeld() {
      for (const answer of held.splice(0)) answer();
    },
    /** The most messages this sink held unanswered at one time. */
    get mostInFlight() {
      return inFlight.most;
    },
    async waitFor(count: number, timeoutMs = WAIT_MS) {
      const until = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
