import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem } from '../../testing/codeFactory';
import { startFinderTestServer } from '../../testing/finderServer';
import { signUp, uniquePhone, type TestServer } from '../../testing/testServer';

// The SMS webhook processes each message once: a gateway retries a webhook that timed out with the
// same message id (Twilio's MessageSid, Kannel's %I), and anyone holding one signed request can
// replay it. A repeat gets the first delivery's answer and adds nothing (no second message in the
// owner's conversation, no second alert). Kannel's HTTP Basic secret cannot be guessed at speed.

const SECRET = 'kannel-webhook-secret-0123';

let twilio: Awaited<ReturnType<typeof startFinderTestServer>>;
let kannel: Awaited<ReturnType<typeof startFinderTestServer>>;
beforeAll(async () => {
  twilio = await startFinderTestServer();
  kannel = await startFinderTestServer({
    SMS_PROVIDER: 'kannel',
    // Nothing is sent out in these tests: answers go back in the webhook's own response.
    KANNEL_SENDSMS_URL: 'http://127.0.0.1:9/cgi-bin/sendsms',
    KANNEL_USERNAME: 'homing',
    KANNEL_PASSWORD: 'sendsms-secret-0123',
    KANNEL_FROM: '+15550001111',
    SMS_INBOUND_SECRET: SECRET,
  });
});
afterAll(async () => {
  await twilio?.close();
  await kannel?.close();
});

const finderNumber = () => `+1${uniquePhone()}`;
const sid = () => `SM${crypto.randomBytes(16).toString('hex')}`;

/** One signed Twilio request: the same form may be delivered again, as Twilio's retry does. */
async function twilioText(form: Record<string, string>) {
  const server = twilio.server;
  const res = await twilio.sms.deliverInbound({
    url: `${server.url}/api/sms/inbound`,
    signedUrl: `${server.config.publicUrl}/api/sms/inbound`,
    form: { To: server.config.sms.twilio.from, ...form },
  });
  const xml = await res.text();
  expect(res.status, xml).toBe(200);
  return xml;
}

/** smsbox's post of one text (its post-url's fields in the query), with `secret` as HTTP Basic. */
function kannelText(
  query: Record<string, string>,
  { secret = SECRET, from = '198.51.100.20' }: { secret?: string; from?: string } = {},
) {
  const url = new URL(`${kannel.server.url}/api/sms/inbound`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain',
      Authorization: `Basic ${Buffer.from(`kannel:${secret}`).toString('base64')}`,
      'X-Forwarded-For': from,
    },
    body: query.text ?? '',
  });
}

async function ownerWithItem(server: TestServer) {
  const owner = await signUp(server);
  const { code, itemId } = await assignedItem(server.db.knex, owner.user.id, { name: 'Blue backpack' });
  return { owner, code, itemId };
}

/** What the conversation about `itemId` holds: its reports, the finder's messages, the owner's alerts. */
async function stored(server: TestServer, itemId: string) {
  const knex = server.db.knex;
  const reports = await knex('foundReports').where({ itemId });
  const ids = reports.map((r: { id: string }) => r.id);
  return {
    reports: reports.length,
    finderMessages: (await knex('threadMessages').whereIn('foundReportId', ids).where({ sender: 'finder' }))
      .length,
    ownerAlerts: (await knex('notifications').whereIn('foundReportId', ids).whereNot({ audience: 'finder' }))
      .length,
  };
}

describe("Twilio's webhook, replayed", () => {
  it('processes a MessageSid once: 5 more deliveries (2 at once) get the same answer and add nothing', async () => {
    const { code, itemId } = await ownerWithItem(twilio.server);
    const finder = finderNumber();
    const first = { From: finder, Body: `HOMING ${code} Found your backpack`, MessageSid: sid() };
    const answer = await twilioText(first);
    expect(answer).toContain('your message about Blue backpack was sent to its owner');
    const once = await stored(twilio.server, itemId);
    expect(once.reports).toBe(1);
    expect(once.ownerAlerts).toBeGreaterThan(0);

    const repeats = [
      ...(await Promise.all([twilioText(first), twilioText(first)])),
      await twilioText(first),
      await twilioText(first),
      await twilioText(first),
    ];
    expect(repeats).toEqual(Array(5).fill(answer));
    expect(await stored(twilio.server, itemId)).toEqual(once);

    // A further text continues the conversation once, however often it is delivered.
    const next = { From: finder, Body: 'Left it at the front desk', MessageSid: sid() };
    const nextAnswer = await twilioText(next);
    const twice = await stored(twilio.server, itemId);
    expect(twice.finderMessages).toBe(once.finderMessages + 1);
    for (let i = 0; i < 5; i++) expect(await twilioText(next)).toBe(nextAnswer);
    expect(await stored(twilio.server, itemId)).toEqual(twice);
  });

  it('counts a repeat against none of the number’s texts', async () => {
    const { code } = await ownerWithItem(twilio.server);
    const finder = finderNumber();
    const form = { From: finder, Body: `HOMING ${code} Found it`, MessageSid: sid() };
    const answer = await twilioText(form);
    // More repeats than the number may send texts in the window.
    const perNumber = twilio.server.config.limits.textsPerNumber ?? 20;
    for (let i = 0; i <= perNumber; i++) await twilioText(form);
    // A new text from that number is still answered.
    expect(await twilioText({ From: finder, Body: 'HOMING ZZZZZ ZZZZZ', MessageSid: sid() })).toContain(
      'We couldn',
    );
    expect(answer).toContain('was sent to its owner');
  });
});

describe("Kannel's webhook", () => {
  it('processes smsbox’s message id once: a retried post gets the same answer and adds nothing', async () => {
    const { code, itemId } = await ownerWithItem(kannel.server);
    const query = { from: finderNumber(), text: `HOMING ${code} On the bus`, id: crypto.randomUUID() };
    const first = await kannelText(query);
    expect(first.status).toBe(200);
    const answer = await first.text();
    expect(answer).toContain('your message about Blue backpack was sent to its owner');
    const once = await stored(kannel.server, itemId);
    expect(once.reports).toBe(1);
    for (let i = 0; i < 5; i++) {
      const again = await kannelText(query);
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(answer);
    }
    expect(await stored(kannel.server, itemId)).toEqual(once);
  });

  it('refuses an address that guessed the secret wrong 10 times in an hour, the right secret too; others still pass', async () => {
    const guesser = '203.0.113.77';
    const text = { from: finderNumber(), text: 'START' };
    for (let i = 0; i < 10; i++) {
      const wrong = await kannelText(text, { secret: `guess-${i}`, from: guesser });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toBe('Basic realm="sms"');
    }
    const refused = await kannelText(text, { secret: 'guess-10', from: guesser });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ success: false, code: 'rate_limited' });
    expect((await kannelText(text, { from: guesser })).status).toBe(429);
    // The gateway, at its own address, is not affected.
    expect((await kannelText(text, { from: '198.51.100.21' })).status).toBe(200);
  });
});
