// Run by playwright.config.ts before the server: the mail and SMS providers of the browser tests.
// SMTP: the API tests' real SMTP server (`testing/smtpSink.ts`). SMS: a local server speaking
// Twilio's Messages API (the shape `twilioSmsProvider` is contract-tested against). Tests read what
// arrived at GET /mails and GET /texts.
import http from 'node:http';
import { holdIdleSockets } from '../../apps/api/src/testing/httpServer';
import { startSmtpSink } from '../../apps/api/src/testing/smtpSink';
import { PEER_HTTP_PORT, PEER_SMTP_PORT } from './peerPorts';

const sink = await startSmtpSink({ port: PEER_SMTP_PORT });
const texts: { to: string; body: string }[] = [];
let sid = 0;

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    if (req.method === 'GET' && req.url === '/healthz') return json(200, { ok: true });
    if (req.method === 'GET' && req.url === '/mails')
      return json(
        200,
        sink.received.map((m) => ({ to: m.to, text: m.text })),
      );
    if (req.method === 'GET' && req.url === '/texts') return json(200, texts);
    if (req.method === 'POST' && /^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(req.url ?? '')) {
      const form = new URLSearchParams(body);
      texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
      return json(201, { sid: `SM${++sid}`, status: 'queued' });
    }
    json(404, { message: 'not found' });
  });
});
holdIdleSockets(server).listen(PEER_HTTP_PORT, '127.0.0.1');

const stop = () => {
  server.close();
  void sink.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
