import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForTest } from '../testing/httpServer';
import { kannelSmsProvider, SmsProviderError, twilioSmsProvider } from './sms';

// A local server speaking Twilio's Messages API shape: the contract our provider adapter relies on.
const requests: { path: string; auth: string; form: URLSearchParams; idempotencyKey: string }[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: { sid: 'SM0123', status: 'queued' } };
let server: Awaited<ReturnType<typeof listenForTest>>;
let baseUrl: string;

beforeAll(async () => {
  const twilio = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        auth: req.headers.authorization ?? '',
        form: new URLSearchParams(body),
        idempotencyKey: String(req.headers['idempotency-key']),
      });
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  server = await listenForTest(twilio);
  baseUrl = server.url;
});
afterAll(() => server.close());

const provider = () =>
  twilioSmsProvider({ accountSid: 'AC123', authToken: 'secret', from: '+15550001111', baseUrl });

describe('Twilio SMS provider contract', () => {
  it('POSTs To, From and Body form-encoded with basic auth to the account Messages resource', async () => {
    answer = { status: 201, body: { sid: 'SM0123', status: 'queued' } };
    const { providerId } = await provider().send({
      to: '+15551234567',
      body: 'Someone found your keys',
      idempotencyKey: 'report-1-sms',
    });
    expect(providerId).toBe('SM0123');
    const req = requests.at(-1)!;
    expect(req.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(req.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(req.form)).toEqual({
      To: '+15551234567',
      From: '+15550001111',
      Body: 'Someone found your keys',
    });
    expect(req.idempotencyKey).toBe('report-1-sms');
  });

  it('treats a refused number (400) as final and an outage (503) or rate limit (429) as retryable', async () => {
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not valid." } };
    const refused = await provider()
      .send({ to: '+1', body: 'x', idempotencyKey: 'k1' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsProviderError);
    expect(refused).toMatchObject({
      retryable: false,
      message: "SMS provider answered 400: The 'To' number is not valid.",
    });
    for (const status of [429, 503]) {
      answer = { status, body: { message: 'busy' } };
      await expect(
        provider().send({ to: '+15551234567', body: 'x', idempotencyKey: 'k2' }),
      ).rejects.toMatchObject({ retryable: true });
    }
  });

  it('treats an unreachable provider as retryable', async () => {
    const down = twilioSmsProvider({
      accountSid: 'AC1',
      authToken: 't',
      from: '+1',
      baseUrl: 'http://127.0.0.1:9',
    });
    await expect(down.send({ to: '+15551234567', body: 'x', idempotencyKey: 'k3' })).rejects.toMatchObject({
      retryable: true,
    });
  });
});

// Kannel's sendsms answers in plain text: 202 "0: Accepted for delivery", 403 for a wrong login.
describe('Kannel SMS provider contract', () => {
  const kannel = () =>
    kannelSmsProvider({
      sendsmsUrl: `${baseUrl}/cgi-bin/sendsms`,
      username: 'homing',
      password: 'pw',
      from: '+15550001111',
    });

  it('GETs sendsms with the sendsms user, our number, and the text in UTF-8, as UCS-2 only when GSM-7 cannot carry it', async () => {
    answer = { status: 202, body: '0: Accepted for delivery' };
    await kannel().send({ to: '+15551234567', body: 'Homing: the owner replied', idempotencyKey: 'm-1-sms' });
    const plain = new URL(`http://x${requests.at(-1)!.path}`);
    expect(plain.pathname).toBe('/cgi-bin/sendsms');
    expect(Object.fromEntries(plain.searchParams)).toEqual({
      username: 'homing',
      password: 'pw',
      from: '+15550001111',
      to: '+15551234567',
      text: 'Homing: the owner replied',
      charset: 'UTF-8',
    });
    await kannel().send({
      to: '+15551234567',
      body: 'Merci ! Je suis là – à 5h ✓',
      idempotencyKey: 'm-2-sms',
    });
    const wide = new URL(`http://x${requests.at(-1)!.path}`);
    expect(wide.searchParams.get('text')).toBe('Merci ! Je suis là – à 5h ✓');
    expect(wide.searchParams.get('coding')).toBe('2');
  });

  it('treats a refused login (403) or request (400) as final, anything else as retryable', async () => {
    for (const [status, retryable] of [
      [403, false],
      [400, false],
      [503, true],
    ] as const) {
      answer = { status, body: 'Authorization failed for sendsms' };
      await expect(
        kannel().send({ to: '+15551234567', body: 'x', idempotencyKey: 'k' }),
      ).rejects.toMatchObject({
        retryable,
      });
    }
  });

  it('reads smsbox’s post-url query (the number with or without its +, its message id) and answers in plain text', () => {
    expect(
      kannel().parseInbound({ body: 'hello', query: { from: '15551234567', text: 'HOMING 8CWNC 2KDP2 hi' } }),
    ).toEqual({
      from: '+15551234567',
      text: 'HOMING 8CWNC 2KDP2 hi',
      messageId: null,
    });
    const id = '0d4c6c5e-4a5b-4f0e-9d2b-6f1a2b3c4d5e';
    expect(
      kannel().parseInbound({ body: '', query: { from: '+15551234567', text: 'hi', id } })?.messageId,
    ).toBe(id);
    // Anything else in the id field is no id: the text is processed as one without.
    expect(
      kannel().parseInbound({ body: '', query: { from: '+15551234567', text: 'hi', id: "1' OR 1=1" } })
        ?.messageId,
    ).toBeNull();
    expect(kannel().parseInbound({ body: '', query: { from: 'abc', text: 'x' } })).toBeNull();
    expect(kannel().inboundReply('Thanks')).toEqual({ type: 'text/plain', body: 'Thanks' });
    expect(kannel().inboundReply(null)).toEqual({ type: 'text/plain', body: '' });
    // A character outside GSM-7: smsbox is told to send the answer as UCS-2.
    expect(kannel().inboundReply('No encontramos ese código')).toEqual({
      type: 'text/plain',
      body: 'No encontramos ese código',
      headers: { 'X-Kannel-Coding': '2' },
    });
  });
});
