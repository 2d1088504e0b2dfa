import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';

export interface SmsMessage {
  to: string;
  body: string;
  idempotencyKey: string;
}

/** A message someone texted to our number, as the provider's webhook delivers it. */
export interface InboundSms {
  /** E.164, as the provider gives it. */
  from: string;
  text: string;
}

/** An SMS provider: a paid outside service, so tests use a local server speaking its API. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<{ providerId: string }>;
  /** Reads the provider's inbound-message webhook body; null when it is not one. */
  parseInbound(form: Record<string, unknown>): InboundSms | null;
  /** The webhook's answer: the provider texts `answer` back to the sender from our number (null: nothing). */
  inboundReply(answer: string | null): { type: string; body: string };
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** TwiML: an empty `<Response>` sends nothing; a `<Message>` is texted back to the sender. */
function twimlReply(answer: string | null) {
  const message = answer === null ? '' : `<Message>${xml(answer)}</Message>`;
  return { type: 'text/xml', body: `<?xml version="1.0" encoding="UTF-8"?><Response>${message}</Response>` };
}

/** Twilio's inbound webhook: a form with `From` (E.164) and `Body`, among many other fields. */
function twilioInbound(form: Record<string, unknown>): InboundSms | null {
  const { From: from, Body: text } = form;
  if (typeof from !== 'string' || typeof text !== 'string') return null;
  if (!/^\+\d{8,15}$/.test(from) || text.length > 1600) return null;
  return { from, text };
}

/** The keywords carriers and Twilio treat as an opt-out, and as an opt-in again. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'OPTIN']);
export function inboundKeyword(text: string): 'stop' | 'start' | null {
  const word = text.trim().toUpperCase();
  return STOP_WORDS.has(word) ? 'stop' : START_WORDS.has(word) ? 'start' : null;
}

export class SmsProviderError extends Error {
  constructor(
    message: string,
    /** False for errors a retry cannot fix (a bad number); the job then fails at once. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Twilio's REST API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth. */
export function twilioSmsProvider(opts: {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl: string;
}): SmsProvider {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64');
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${auth}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          // Twilio ignores unknown headers; providers that honour one dedupe retried sends by it.
          'Idempotency-Key': m.idempotencyKey,
        },
        body: new URLSearchParams({ To: m.to, From: opts.from, Body: m.body }),
        signal: AbortSignal.timeout(10_000),
      }).catch((err: Error) => {
        throw new SmsProviderError(`SMS provider unreachable: ${err.message}`, true);
      });
      const json = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!res.ok || !json.sid) {
        const retryable = res.status === 429 || res.status >= 500;
        throw new SmsProviderError(
          `SMS provider answered ${res.status}: ${json.message ?? 'no message'}`,
          retryable,
        );
      }
      return { providerId: json.sid };
    },
    parseInbound: twilioInbound,
    inboundReply: twimlReply,
  };
}

/** With no provider configured: each SMS becomes a file in the outbox folder and a log line. */
export function folderSmsProvider(opts: { dir: string; logger: Logger }): SmsProvider {
  return {
    async send(m) {
      await fs.mkdir(opts.dir, { recursive: true });
      const file = path.join(opts.dir, `${m.idempotencyKey.replace(/[^\w.-]/g, '_')}.sms.txt`);
      await fs.writeFile(file, `To: ${m.to}\n\n${m.body}\n`);
      opts.logger.info({ to: m.to, file }, 'SMS written to the local outbox');
      return { providerId: file };
    },
    // No provider: the webhook takes Twilio's field names (a local test can post them by hand).
    parseInbound: twilioInbound,
    inboundReply: twimlReply,
  };
}
