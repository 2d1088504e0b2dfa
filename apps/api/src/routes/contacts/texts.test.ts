import crypto from 'node:crypto';
import { checkSymbol } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedItem, giveCode, makeSet } from '../../testing/codeFactory';
import { startFinderTestServer } from '../../testing/finderServer';
import type { ReceivedMail } from '../../testing/smtpSink';
import { signUp, uniquePhone, type TestServer } from '../../testing/testServer';
import { until } from '../../testing/threads';

// A finder with no data texts the label's code and a message to our number; the owner is
// told as by the web form, their replies go back by text from our number, and neither ever sees
// the other's number or address. Twilio calls the webhook here, signing it as Twilio does (the
// Twilio-shaped peer of testing/smsProviderServer.ts); the Kannel gateway's own test is
// kannel.test.ts.

let peers: Awaited<ReturnType<typeof startFinderTestServer>>;
let server: TestServer;
beforeAll(async () => {
  peers = await startFinderTestServer();
  server = peers.server;
});
afterAll(() => peers?.close());

/** A finder's text as Twilio posts it (signed); resolves to what we text back (null: nothing). */
async function text(from: string, body: string): Promise<string | null> {
  const res = await peers.sms.deliverInbound({
    ...webhook(),
    form: {
      From: from,
      Body: body,
      To: server.config.sms.twilio.from,
      MessageSid: `SM${crypto.randomBytes(16).toString('hex')}`,
    },
  });
  const xml = await res.text();
  expect(res.status, xml).toBe(200);
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response>/);
  const message = /<Message>([\s\S]*)<\/Message>/.exec(xml)?.[1];
  return message === undefined
    ? null
    : message
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
}

/** Twilio is configured with our public address; its request lands on the server. */
const webhook = () => ({
  url: `${server.url}/api/sms/inbound`,
  signedUrl: `${server.config.publicUrl}/api/sms/inbound`,
});
const finderNumber = () => `+1${uniquePhone()}`;
const spaced = (code: string) => `${code.slice(0, 5)} ${code.slice(5)}`;

async function mailTo(address: string, match: (m: ReceivedMail) => boolean) {
  return until(
    async () => peers.sink.received.find((m) => m.to.includes(address) && match(m)),
    (m) => !!m,
  ) as Promise<ReceivedMail>;
}

async function ownerWithItem(name = 'Blue backpack') {
  const owner = await signUp(server);
  const { code, itemId } = await assignedItem(server.db.knex, owner.user.id, { name });
  return { owner, code, itemId };
}

const reportOf = async (itemId: string) =>
  (await server.db.knex('foundReports').where({ itemId }).first()) as { id: string; byText: boolean };

describe("Twilio's webhook", () => {
  it('accepts a request signed with the auth token and refuses any other with 403, HTTP Basic or not', async () => {
    const form = { From: finderNumber(), Body: 'START', To: server.config.sms.twilio.from };
    expect((await peers.sms.deliverInbound({ ...webhook(), form })).status).toBe(200);
    const forged = await peers.sms.deliverInbound({ ...webhook(), form, authToken: 'not-the-token' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ success: false, code: 'bad_signature' });
    // Signed for another address.
    const elsewhere = await peers.sms.deliverInbound({
      ...webhook(),
      signedUrl: `${webhook().signedUrl}?x=1`,
      form,
    });
    expect(elsewhere.status).toBe(403);
    const { url } = webhook();
    const basic = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from('twilio:test-token').toString('base64')}`,
      },
      body: new URLSearchParams(form),
    });
    expect(basic.status).toBe(403);
  });
});

describe('a finder who texts the code', () => {
  it('reaches the owner, hears back by text, goes on by text, and neither learns the other’s number', async () => {
    const { owner, code, itemId } = await ownerWithItem();
    const finder = finderNumber();
    const finderGot: string[] = [];

    // Any case, the printed groups, the brand word.
    const first = await text(
      finder,
      `homing ${spaced(code).toLowerCase()} Found your backpack at the library`,
    );
    expect(first).toBe(
      `${server.config.brand.name}: your message about Blue backpack was sent to its owner. Their answer will come here by text; reply to this number to add to it.`,
    );
    finderGot.push(first!);
    const report = await reportOf(itemId);
    expect(report.byText).toBe(true);

    // The owner is alerted the usual way (e-mail), with the finder's words.
    const alert = await mailTo(owner.email, (m) => m.text.includes('Found your backpack at the library'));
    expect(alert.text).toContain('Good news: someone found your Blue backpack');

    // The owner answers from the web; it reaches the finder by text, from our number.
    const reply = await server.api('POST', `/api/reports/${report.id}/messages`, {
      token: owner.token,
      body: { text: 'Thank you! Can you leave it at the front desk?' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const sms = await peers.sms.waitFor((m) => m.to === finder);
    expect(sms?.from).toBe(server.config.sms.twilio.from);
    expect(sms?.body).toBe(
      `${server.config.brand.name}: the owner of Blue backpack replied: "Thank you! Can you leave it at the front desk?". Reply to this number to answer.`,
    );
    finderGot.push(sms!.body);

    // A second text, with no code, continues the same conversation.
    expect(await text(finder, 'Done, it is at the front desk under your name')).toBeNull();
    const second = await mailTo(owner.email, (m) =>
      m.text.includes('it is at the front desk under your name'),
    );
    expect(second.subject).toBe(`${server.config.brand.name}: new message about your Blue backpack`);
    // As does one naming the code again.
    expect(await text(finder, `HOMING ${code} Ask for Sam`)).toBeNull();

    const thread = await server.api<{ data: { messages: { text: string; from: string }[] } }>(
      'GET',
      `/api/reports/${report.id}/thread`,
      { token: owner.token },
    );
    expect(thread.status).toBe(200);
    expect(JSON.stringify(thread.body)).toContain('Done, it is at the front desk under your name');
    expect(JSON.stringify(thread.body)).toContain('Ask for Sam');
    expect(await server.db.knex('foundReports').where({ itemId })).toHaveLength(1);

    // Privacy, over the whole conversation, in full bodies: nothing the owner sees holds the
    // finder's number (in any writing of it), nothing the finder gets holds the owner's contact.
    const digits = finder.slice(2);
    const ownerSaw = [
      ...peers.sink.received.filter((m) => m.to.includes(owner.email)).flatMap((m) => [m.raw, m.text]),
      JSON.stringify(thread.body),
      ...(await Promise.all(
        ['/api/users/me/found-reports', '/api/users/me/found-events', '/api/users/me/data'].map(
          async (path) => JSON.stringify((await server.api('GET', path, { token: owner.token })).body),
        ),
      )),
    ];
    expect(ownerSaw.length).toBeGreaterThanOrEqual(6);
    for (const body of ownerSaw) {
      expect(body).not.toContain(digits);
      expect(body).not.toContain(digits.slice(3));
      expect(body).not.toMatch(new RegExp(digits.split('').join('\\D{0,3}')));
    }
    const ownerUser = await server.db.knex('users').where({ id: owner.user.id }).first();
    for (const body of [
      ...finderGot,
      ...peers.sms.received.filter((m) => m.to === finder).map((m) => m.body),
    ]) {
      expect(body).not.toContain(owner.email);
      expect(body).not.toContain(owner.email.split('@')[0]);
      if (ownerUser.phoneNumber) expect(body).not.toContain(ownerUser.phoneNumber);
    }
  });

  it('answers a code nobody has with one helpful text, counted against the number', async () => {
    const finder = finderNumber();
    const helpful = `We couldn't find that code: check it and send it again, e.g. ${server.config.brand.word.toUpperCase()} 8CWNC 2KDP2`;
    expect(await text(finder, 'HOMING ZZZZZ ZZZZZ I found a wallet')).toBe(helpful);
    // Words with no code and no conversation of this number: the same answer.
    expect(await text(finder, 'hello?')).toBe(helpful);
    for (let i = 0; i < 3; i++) expect(await text(finder, `HOMING ZZZZZ ZZZZ${i + 2} wallet`)).toBe(helpful);
    // Past the number's limit (5 an hour) it is not answered; another number still is.
    expect(await text(finder, 'HOMING ZZZZZ ZZZZ7 wallet')).toBeNull();
    expect(await text(finderNumber(), 'HOMING ZZZZZ ZZZZ7 wallet')).toBe(helpful);
  });

  it('counts texts naming one label per number, as reports per item and address on the web', async () => {
    const { code, itemId } = await ownerWithItem('Grey cat');
    const finder = finderNumber();
    // 10 per (label, number) in 10 minutes: the report and nine more; the eleventh is dropped.
    for (let i = 1; i <= 11; i++) await text(finder, `HOMING ${code} cat news ${i}`);
    const report = await reportOf(itemId);
    const said = await server.db.knex('threadMessages').where({ foundReportId: report.id }).pluck('body');
    expect(said).toEqual(Array.from({ length: 9 }, (_, i) => `cat news ${i + 2}`));
    // Another number is counted apart.
    expect(await text(finderNumber(), `HOMING ${code} I saw the cat too`)).toContain('was sent to its owner');
  });

  it('catches a slip in a code sent with its check symbol, before any look-up', async () => {
    const { code, itemId } = await ownerWithItem('Red umbrella');
    const finder = finderNumber();
    const check = checkSymbol(code);
    const wrong = [...'23456789'].find((c) => c !== check)!;
    const answer = await text(finder, `HOMING ${spaced(code)}${wrong} found your umbrella`);
    expect(answer).toBe(
      `One symbol of that code is not right: check the code and send it again, e.g. ${server.config.brand.word.toUpperCase()} 8CWNC 2KDP2`,
    );
    expect(await server.db.knex('foundReports').where({ itemId })).toHaveLength(0);
    // With the right check symbol it goes through.
    expect(await text(finder, `HOMING ${spaced(code)}${check} found your umbrella`)).toContain(
      'was sent to its owner',
    );
    expect(await server.db.knex('foundReports').where({ itemId })).toHaveLength(1);
  });

  it('reaches the owner of a label with no item, naming it to the finder by its code', async () => {
    const owner = await signUp(server);
    const { codes } = await makeSet(server.db.knex, { count: 1 });
    await giveCode(server.db.knex, codes[0]!.id, owner.user.id);
    const code = codes[0]!.value;
    expect(await text(finderNumber(), `HOMING ${code} Found this tag on a bench`)).toBe(
      `${server.config.brand.name}: your message about the label ${spaced(code)} was sent to its owner. Their answer will come here by text; reply to this number to add to it.`,
    );
    await mailTo(owner.email, (m) => m.text.includes('Found this tag on a bench'));
  });

  it('asks for a message when the text is the code alone', async () => {
    const { code } = await ownerWithItem();
    expect(await text(finderNumber(), `HOMING ${spaced(code)}`)).toBe(
      `Thank you. Send the code again with your message for the owner, e.g. ${server.config.brand.word.toUpperCase()} 8CWNC 2KDP2 Found your keys at the library`,
    );
  });

  it('STOP stops every text to the finder, START lets them through again', async () => {
    const { owner, code, itemId } = await ownerWithItem('Green scarf');
    const finder = finderNumber();
    expect(await text(finder, `HOMING ${code} Found your scarf on the tram`)).toContain(
      'was sent to its owner',
    );
    const report = await reportOf(itemId);
    expect(await text(finder, 'STOP')).toBeNull();
    const say = (words: string) =>
      server.api('POST', `/api/reports/${report.id}/messages`, { token: owner.token, body: { text: words } });
    expect((await say('Are you still there?')).status).toBe(201);
    const refused = await until(
      () => server.db.knex('notifications').where({ foundReportId: report.id, audience: 'finder' }).first(),
      (row) => row?.status === 'failed',
    );
    expect(refused.lastError).toContain('STOP');
    // The finder's own texts still reach the owner, unanswered.
    expect(await text(finder, 'I am, sorry')).toBeNull();
    await mailTo(owner.email, (m) => m.text.includes('I am, sorry'));

    expect(await text(finder, 'START')).toBeNull();
    expect((await say('Great, thank you')).status).toBe(201);
    expect(
      await peers.sms.waitFor((m) => m.to === finder && m.body.includes('Great, thank you')),
    ).toBeTruthy();
    expect(peers.sms.received.filter((m) => m.to === finder)).toHaveLength(1);
  });

  it('answers a finder who writes in Spanish or French in their language', async () => {
    const { owner, code, itemId } = await ownerWithItem('Llavero rojo');
    const finder = finderNumber();
    expect(await text(finder, `HOMING ${spaced(code)} Hola, encontré tus llaves en la estación`)).toBe(
      `${server.config.brand.name}: tu mensaje sobre Llavero rojo se ha enviado a su dueño. Te responderá por SMS; contesta a este mensaje para seguir.`,
    );
    const report = await reportOf(itemId);
    await server.api('POST', `/api/reports/${report.id}/messages`, {
      token: owner.token,
      body: { text: 'Gracias!' },
    });
    expect((await peers.sms.waitFor((m) => m.to === finder))?.body).toBe(
      `${server.config.brand.name}: el dueño de Llavero rojo te responde: "Gracias!". Contesta a este mensaje para seguir.`,
    );

    // A keyword alone switches the conversation's language, and is no message for the owner.
    expect(await text(finder, 'FRANCAIS')).toBeNull();
    await server.api('POST', `/api/reports/${report.id}/messages`, {
      token: owner.token,
      body: { text: 'Merci' },
    });
    expect((await peers.sms.waitFor((m) => m.to === finder && m.body.includes('Merci')))?.body).toBe(
      `${server.config.brand.name} : le propriétaire de Llavero rojo répond "Merci". Répondez à ce numéro pour continuer.`,
    );
    expect(
      await server.db.knex('threadMessages').where({ foundReportId: report.id, sender: 'finder' }),
    ).toHaveLength(0);

    const french = finderNumber();
    expect(await text(french, `FR ZZZZZ ZZZZZ clés`)).toBe(
      `Code introuvable : vérifiez-le et renvoyez-le, ex. ${server.config.brand.word.toUpperCase()} 8CWNC 2KDP2`,
    );
  });
});
