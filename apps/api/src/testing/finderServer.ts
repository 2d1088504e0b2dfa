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

/** A finder's report as the finder page sends it (a phone number, a position, the device); `over` changes fields. */
export const finderReport = (over: Record<string, unknown> = {}) => ({
  finderName: '',
  finderEmail: '',
  finderPhone: '+15551230000',
  foundNotes: 'Found them on the bus, route 5',
  latitude: '40.71284',
  longitude: '-74.006',
  foundAt: new Date().toISOString(),
  reportMetadata: {
    deviceType: 'mobile',
    platform: 'iPhone',
    language: 'en-US',
    timezone: 'America/New_York',
    screenSize: '390x844',
    connectionType: '4g',
  },
  ...over,
});
