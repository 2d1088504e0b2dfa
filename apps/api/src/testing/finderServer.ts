import { startSmsProviderServer } from './smsProviderServer';
import { startSmtpSink } from './smtpSink';
import { startTestServer } from './testServer';

/**
 * A test server whose mail goes to a real SMTP sink and whose SMS go to a Twilio-shaped peer, and
 * which trusts X-Forwarded-For, so finders are told apart by address (every test speaks from
 * 127.0.0.1). `env` adds to or overrides that configuration. `close()` stops all three.
 */
export async function startFinderTestServer(env: Record<string, string> = {}) {
  const sink = await startSmtpSink();
  const sms = await startSmsProviderServer();
  const server = await startTestServer({ SMTP_URL: sink.url, ...sms.env, TRUST_PROXY: '1', ...env });
  return {
    server,
    sink,
    sms,
    async close() {
      await server.close();
      await sink.close();
      await sms.close();
    },
  };
}
