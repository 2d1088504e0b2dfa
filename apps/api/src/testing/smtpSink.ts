import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  messageId: string;
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for assertions. */
  text: string;
}

const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

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
    async waitFor(count: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
