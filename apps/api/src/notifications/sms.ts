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
  /**
   * The provider's own id of this message (Twilio's `MessageSid`, Kannel's `%I`), the same when
   * the gateway retries the webhook; null when the request has none.
   */
  messageId: string | null;
}

/** A provider's message id as we keep it: letters, digits and dashes (Twilio's `SM…`, Kannel's UUID). */
const messageIdOf = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null;

/** A webhook request as a gateway sends it: its parsed body (a form, or text) and its query. */
export interface InboundRequest {
  body: unknown;
  query: Record<string, unknown>;
}

/** An SMS provider: a paid outside service, so tests use a local server speaking its API. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<{ providerId: string }>;
  /** Reads the provider's inbound-message webhook request; null when it is not one. */
  parseInbound(request: InboundRequest): InboundSms | null;
  /** The webhook's answer: the provider texts `answer` back to the sender from our number (null: nothing). */
  inboundReply(answer: string | null): { type: string; body: string; headers?: Record<string, string> };
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** TwiML: an empty `<Response>` sends nothing; a `<Message>` is texted back to the sender. */
function twimlReply(answer: string | null) {
  const message = answer === null ? '' : `<Message>${xml(answer)}</Message>`;
  return { type: 'text/xml', body: `<?xml version="1.0" encoding="UTF-8"?><Response>${message}</Response>` };
}

/** Twilio's inbound webhook: a form with `From` (E.164) and `Body`, among many other fields. */
function twilioInbound({ body }: InboundRequest): InboundSms | null {
  if (!body || typeof body !== 'object') return null;
  const { From: from, Body: text, MessageSid: sid } = body as Record<string, unknown>;
  if (typeof from !== 'string' || typeof text !== 'string') return null;
  if (!/^\+\d{8,15}$/.test(from) || text.length > 1600) return null;
  return { from, text, messageId: messageIdOf(sid) };
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

/** GSM 03.38's basic set: a text of these goes as 7-bit (160 a part), anything else as UCS-2 (70). */
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
export const isGsm7 = (text: string) => [...text].every((ch) => GSM7.has(ch));

/**
 * The segments a text is sent in: GSM-7, 160 characters in one and 153 a segment past that;
 * UCS-2 (any character outside GSM-7), 70 and 67, counted in UTF-16 units (an emoji is two).
 */
export function smsSegments(text: string) {
  const [length, one, each] = isGsm7(text) ? [[...text].length, 160, 153] : [text.length, 70, 67];
  return length <= one ? 1 : Math.ceil(length / each);
}

/**
 * Kannel's smsbox (a self-hosted gateway in front of an operator's SMSC or a modem).
 *
 * Out: its sendsms HTTP interface, `GET {sendsmsUrl}?username&password&from&to&text`, the text in
 * UTF-8 (`charset`), sent as 7-bit GSM when it fits and UCS-2 (`coding=2`) otherwise; 202 is
 * accepted. A refused login (403) or request (400) is final; anything else is retried.
 *
 * In: an `sms-service` whose `post-url` is `{PUBLIC_URL}/api/sms/inbound?from=%p&text=%a&id=%I`
 * (`%I`: smsbox's id of the message, the same on each retry of the request) with the webhook's secret as the URL's password (`http://kannel:SECRET@host/…`: smsbox sends it as
 * HTTP Basic); what we answer (`text/plain`) smsbox texts back to the sender (`omit-empty`: an
 * empty answer sends nothing; `accept-x-kannel-headers`: UCS-2 when the answer needs it).
 */
export function kannelSmsProvider(opts: {
  sendsmsUrl: string;
  username: string;
  password: string;
  from: string;
}): SmsProvider {
  return {
    async send(m) {
      const url = new URL(opts.sendsmsUrl);
      const params = {
        username: opts.username,
        password: opts.password,
        from: opts.from,
        to: m.to,
        text: m.body,
        charset: 'UTF-8',
        ...(isGsm7(m.body) ? {} : { coding: '2' }),
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch((err: Error) => {
        throw new SmsProviderError(`SMS gateway unreachable: ${err.message}`, true);
      });
      const answer = (await res.text().catch(() => '')).trim();
      if (res.status !== 202 && res.status !== 200)
        throw new SmsProviderError(
          `SMS gateway answered ${res.status}: ${answer || 'no message'}`,
          res.status !== 400 && res.status !== 403,
        );
      // Kannel gives no id of its own: the key names the message in its logs.
      return { providerId: `kannel:${m.idempotencyKey}` };
    },
    parseInbound({ query }) {
      const from = typeof query.from === 'string' ? query.from.trim() : '';
      const text = query.text;
      // An SMSC may give the sender's number without its +.
      const e164 = /^\d{8,15}$/.test(from) ? `+${from}` : from;
      if (!/^\+\d{8,15}$/.test(e164) || typeof text !== 'string' || text.length > 1600) return null;
      return { from: e164, text, messageId: messageIdOf(query.id) };
    },
    // Outside GSM-7, X-Kannel-Coding 2 has smsbox send the answer as UCS-2 (its sms-service must
    // accept X-Kannel headers), from the UTF-8 of the body.
    inboundReply: (answer) => ({
      type: 'text/plain',
      body: answer ?? '',
      ...(answer && !isGsm7(answer) ? { headers: { 'X-Kannel-Coding': '2' } } : {}),
    }),
  };
}
