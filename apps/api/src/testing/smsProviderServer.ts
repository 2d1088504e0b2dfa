import crypto from 'node:crypto';
import http from 'node:http';
import { listenForTest } from './httpServer';
import { WAIT_MS } from './patience';

export interface ReceivedSms {
  to: string;
  from: string;
  body: string;
  idempotencyKey: string;
}

/**
 * A local HTTP server speaking Twilio's Messages API shape (the contract `twilioSmsProvider` is
 * tested against in notifications/sms.contract.test.ts): it keeps each message and answers 201
 * with a sid. `env` points a test server's SMS_PROVIDER=twilio at it.
 */
export async function startSmsProviderServer() {
  const received: ReceivedSms[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || !/^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(req.url ?? '')) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      const form = new URLSearchParams(raw);
      received.push({
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        idempotencyKey: String(req.headers['idempotency-key'] ?? ''),
      });
      const sid = `SM${received.length.toString().padStart(32, '0')}`;
      res
        .writeHead(201, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ sid, status: 'queued' }));
    });
  });
  const listening = await listenForTest(server);
  const baseUrl = listening.url;
  return {
    received,
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0000',
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+15550001111',
      TWILIO_BASE_URL: baseUrl,
    },
    async waitFor(match: (m: ReceivedSms) => boolean, timeoutMs = WAIT_MS) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found || Date.now() > until) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    /**
     * Twilio delivering a text to our webhook: the form it posts, signed as Twilio signs it
     * (`X-Twilio-Signature`: HMAC-SHA1 with the auth token over the webhook's URL as configured at
     * Twilio, `signedUrl`, then the parameters' names and values in name order; base64), posted to
     * `url` (the server itself; a proxy stands between them in production).
     */
    deliverInbound(opts: {
      url: string;
      signedUrl: string;
      form: Record<string, string>;
      authToken?: string;
    }) {
      const data = Object.keys(opts.form)
        .sort()
        .reduce((acc, key) => acc + key + opts.form[key], opts.signedUrl);
      const signature = crypto
        .createHmac('sha1', opts.authToken ?? 'test-token')
        .update(data)
        .digest('base64');
      return fetch(opts.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
        body: new URLSearchParams(opts.form),
      });
    },
    close: listening.close,
  };
}
